/**
 * Issue 39's words: durations written one way in each language ("10 天" and "2 天", never "10天"; "10 days", "5 min",
 * never "5 d" or "59s"), counts that agree with their noun in English ("1 item", "3 items"), and both kept so by a
 * check of every message table — app, features, shared components, the contract's (the server's drawing) and the
 * refusals.
 */
import fs from 'node:fs'
import path from 'node:path'
import { countdownText, durationText } from '@/core/format'
import { REASONS } from '@/contract/reasons'
import { fillWords } from '@/contract/words'

describe('durations (src/contract/words.ts, through src/core/format.ts)', () => {
  it('a number, a space and the unit: 天 小时 分钟 秒 in Chinese; day(s), h, min, s in English', () => {
    expect(durationText(10, 'day', 'zh-CN')).toBe('10 天')
    expect(durationText(2, 'day', 'zh')).toBe('2 天')
    expect(durationText(1, 'day', 'en')).toBe('1 day')
    expect(durationText(365, 'day', 'en')).toBe('365 days')
    expect(durationText(48, 'hour', 'zh-CN')).toBe('48 小时')
    expect(durationText(48, 'hour', 'en')).toBe('48 h')
    expect(durationText(5, 'minute', 'zh-CN')).toBe('5 分钟')
    expect(durationText(1, 'minute', 'en')).toBe('1 min')
    expect(durationText(59, 'second', 'zh-CN')).toBe('59 秒')
    expect(durationText(59, 'second', 'en')).toBe('59 s')
  })

  it('a countdown: whole days as words, the rest as a clock', () => {
    expect(countdownText(10 * 86_400 + 3 * 3600 + 4 * 60 + 5, 'zh-CN')).toBe('10 天 03:04:05')
    expect(countdownText(86_400 + 59, 'en')).toBe('1 day 00:00:59')
    expect(countdownText(2 * 86_400, 'en')).toBe('2 days 00:00:00')
    expect(countdownText(3599, 'en')).toBe('00:59:59')
    expect(countdownText(-5, 'zh-CN')).toBe('00:00:00')
  })

  it('in messages: {n:day} … is the same helper, in the table’s language', () => {
    expect(fillWords('{days:day}', { days: 10 }, 'zh-CN')).toBe('10 天')
    expect(fillWords('Resend in {seconds:second}', { seconds: 9 }, 'en')).toBe('Resend in 9 s')
    expect(fillWords('{min:minute} {sec:second}后自动取消', { min: 4, sec: 5 }, 'zh-CN')).toBe('4 分钟 5 秒后自动取消')
    // A refusal: the server writes it in the asker's language.
    expect(fillWords(REASONS.sms_too_frequent.en, { minutes: 1 }, 'en')).toBe('Too many codes asked for. Please try again in 1 min')
  })
})

describe('counts in English', () => {
  it('{n:one|other} picks the word for one or for any other number', () => {
    const cart = 'Cart {n} {n:item|items}'
    expect(fillWords(cart, { n: 1 }, 'en')).toBe('Cart 1 item')
    expect(fillWords(cart, { n: 0 }, 'en')).toBe('Cart 0 items')
    expect(fillWords(cart, { n: 3 }, 'en')).toBe('Cart 3 items')
    expect(fillWords('{rate:off}% off', { rate: 95 }, 'en')).toBe('5% off')
    // A placeholder with no value, or a format it does not know, stays as written (as before).
    expect(fillWords('{n:item|items} {x}', {}, 'en')).toBe('{n:item|items} {x}')
  })
})

// ---------------------------------------------------------------------------------------------------------------
// Every table: no duration written by hand, no count with a fixed plural, no "5 % off".

const SRC = path.resolve(__dirname, '../../src')
/** Every messages.ts of features and components, and the contract's word tables. */
const TABLE_FILES = [
  ...['features', 'components'].flatMap((dir) =>
    fs
      .readdirSync(path.join(SRC, dir))
      .map((name) => path.join(SRC, dir, name, 'messages.ts'))
      .filter((f) => fs.existsSync(f)),
  ),
  ...fs
    .readdirSync(path.join(SRC, 'contract'))
    .filter((f) => /Words\.ts$|^homeScreen\.ts$/.test(f))
    .map((f) => path.join(SRC, 'contract', f)),
  path.join(SRC, 'core/messages/zh-CN.ts'),
  path.join(SRC, 'core/messages/en.ts'),
]

interface Message {
  where: string
  text: string
}

/** Every quoted value of a table file (keys and values alike: a key never matches the patterns below), and every refusal. */
function allMessages(): Message[] {
  const out: Message[] = []
  for (const file of TABLE_FILES) {
    const text = fs.readFileSync(file, 'utf8')
    for (const m of text.matchAll(/'([\w.]+)':\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g)) out.push({ where: `${path.relative(SRC, file)} ${m[1]}`, text: m[2] ?? m[3] })
  }
  for (const [reason, words] of Object.entries(REASONS)) {
    out.push({ where: `contract/reasons.ts ${reason} (zh)`, text: words.zh }, { where: `contract/reasons.ts ${reason} (en)`, text: words.en })
  }
  return out
}

describe('every message table', () => {
  const messages = allMessages()

  it('is read (features, components, the contract, core and the refusals)', () => {
    expect(TABLE_FILES.length).toBeGreaterThan(20)
    expect(messages.length).toBeGreaterThan(1000)
  })

  it('writes no duration by hand: a number placeholder and a unit word is {n:day} / {n:hour} / {n:minute} / {n:second}', () => {
    // (分 alone is a rating's points, "4.8 分"; a duration says 分钟.)
    const UNIT = /\{\w+\}\s*(天|小时|分钟|秒|days?\b|d\b|hours?\b|h\b|minutes?\b|mins?\b|seconds?\b|s\b)/
    expect(messages.filter((m) => UNIT.test(m.text)).map((m) => `${m.where}: ${m.text}`)).toEqual([])
  })

  it('gives an English count its word for one: "{n} items" is "{n} {n:item|items}"', () => {
    // A count placeholder followed by a plural noun (ratings are decimals, "4.8 stars", not counts).
    const FIXED_PLURAL = /\{(n|count|max|min|limit|total|used|\w*Count)\} (?!(?:of|in|to|at|for|per|a)\b)((?:\w+ )?[a-z]+s)\b/
    const found = messages.filter((m) => !/[\u4e00-\u9fff]/.test(m.text) && FIXED_PLURAL.test(m.text))
    expect(found.map((m) => `${m.where}: ${m.text}`)).toEqual([])
  })

  it('writes a percentage against its number: "5% off", never "5 % off"', () => {
    expect(messages.filter((m) => /\}\s+%/.test(m.text) || /\d\s+%/.test(m.text)).map((m) => `${m.where}: ${m.text}`)).toEqual([])
  })
})
