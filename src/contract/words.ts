/** The language of a table of words, as the app ('zh-CN') or the API ('zh') names it. */
export type WordsLang = 'zh-CN' | 'zh' | 'en'

/** The languages the server answers in (the client adds `lang` to every payload; see src/core/request.ts). */
export const API_LANGS = ['zh', 'en'] as const
export type ApiLang = (typeof API_LANGS)[number]

/**
 * How a message's `{name}` placeholders are filled — by the app's `t` (src/core/i18n.ts), by the server's refusals
 * (./reasons.ts) and by the server drawing a tab's first screen with the same words (server/hosting/drawing), each in
 * the language of the table the message comes from:
 * - `{name}`: the value as it is;
 * - `{rate:off}`: a price rate in percent (88, as 8.8 折 says) as the percentage taken off (12), for English wording
 *   ("12% off"); Chinese says 折 with the rate itself;
 * - `{n:day}`, `{n:hour}`, `{n:minute}`, `{n:second}`: a duration, written the one way of durationText below ("10 天",
 *   "10 days", "5 min");
 * - `{n:item|items}`: English words for one and for any other number ("1 item", "3 items"); Chinese needs none.
 */
export function fillWords(text: string, params: Readonly<Record<string, string | number>>, lang: WordsLang): string {
  return text.replace(/\{(\w+)(?::([^{}]*))?\}/g, (m, name: string, format?: string) => {
    if (!(name in params)) return m
    const value = params[name]
    if (format === undefined) return String(value)
    if (format === 'off') return percentOff(value)
    if ((DURATION_UNITS as readonly string[]).includes(format)) return durationText(value, format as DurationUnit, lang)
    const forms = format.split('|')
    if (forms.length === 2) return Number(value) === 1 ? forms[0] : forms[1]
    return m
  })
}

function percentOff(rate: string | number): string {
  const n = Number(rate)
  return Number.isFinite(n) ? String(Math.round((100 - n) * 10) / 10) : String(rate)
}

/**
 * How a span of time is written, in each language one way (issue 39: "10天" on one screen, "2 天" on another, "5 d",
 * "10d", "59s" and "59 s" in English): a number, a space, the unit — 天 / 小时 / 分钟 / 秒 in Chinese; day(s), h, min, s
 * in English. Messages say it with `{name:day}`, `{name:hour}`, `{name:minute}`, `{name:second}` (fillWords,
 * above); screens that write one themselves call durationText or countdownText (through src/core/format.ts). In
 * the contract because the server writes them too (refusals, the drawn Membership card).
 */
export type DurationUnit = 'day' | 'hour' | 'minute' | 'second'

export const DURATION_UNITS: readonly DurationUnit[] = ['day', 'hour', 'minute', 'second']

const ZH: Record<DurationUnit, string> = { day: '天', hour: '小时', minute: '分钟', second: '秒' }
/** English: one and more (only days are written out; h, min and s are the usual short forms). */
const EN: Record<DurationUnit, readonly [string, string]> = { day: ['day', 'days'], hour: ['h', 'h'], minute: ['min', 'min'], second: ['s', 's'] }

/** An amount of one unit: "10 天", "1 day", "10 days", "5 分钟", "5 min", "59 秒", "59 s". */
export function durationText(amount: number | string, unit: DurationUnit, lang: WordsLang): string {
  const n = typeof amount === 'number' ? amount : Number(amount)
  const shown = typeof amount === 'number' ? String(amount) : amount
  if (lang === 'en') return `${shown} ${EN[unit][n === 1 ? 0 : 1]}`
  return `${shown} ${ZH[unit]}`
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A countdown of whole seconds: the days as durationText, the rest as a clock — "2 天 03:04:05", "2 days 03:04:05", "03:04:05". */
export function countdownText(seconds: number, lang: WordsLang): string {
  const s = Math.max(0, Math.floor(seconds))
  const days = Math.floor(s / 86_400)
  const clock = [Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60), s % 60].map(pad).join(':')
  return days > 0 ? `${durationText(days, 'day', lang)} ${clock}` : clock
}
