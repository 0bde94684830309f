import fs from 'node:fs'
import path from 'node:path'
import { en } from '@/core/messages/en'
import { zhCN } from '@/core/messages/zh-CN'

/**
 * Both platforms refuse a dialog whose button text is longer than 4 Chinese characters (8 Latin letters):
 * Taro's H5 showModal and WeChat's fail instead of showing it, so confirmAction() answers "no" and the tap does
 * nothing (English "Cancel order" once left the cancel button of an unpaid order dead). Every button text given
 * to confirmAction / alertMessage fits, in both languages.
 */
const SRC = path.resolve(__dirname, '../../src')
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []))

/** The words of every feature, both languages (as defineMessages registers them). */
function tables(): Record<'zh-CN' | 'en', Record<string, string>> {
  const all = { 'zh-CN': { ...zhCN } as Record<string, string>, en: { ...en } as Record<string, string> }
  // Features' words, and shared components' own (PendingOrderNotice, PlaceMap: their dialogs are measured too).
  for (const f of [...files(path.join(SRC, 'features')), ...files(path.join(SRC, 'components'))].filter((p) => p.endsWith('messages.ts'))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each feature's tables, as its screens load them
    const m = require(f) as { tables?: Record<'zh-CN' | 'en', Record<string, string>> }
    Object.assign(all['zh-CN'], m.tables?.['zh-CN'])
    Object.assign(all.en, m.tables?.en)
  }
  return all
}

/** The same measure as the platforms: a character in U+0391…U+FFE5 counts two. */
const width = (s: string) => s.replace(/[\u0391-\uFFE5]/g, 'aa').length

/** The message keys used as button texts: confirmAction(message, confirm, cancel), alertMessage(message, confirm). */
function buttonKeys(): Array<{ where: string; key: string }> {
  const out: Array<{ where: string; key: string }> = []
  for (const f of files(SRC)) {
    const source = fs.readFileSync(f, 'utf8')
    for (const m of source.matchAll(/\b(confirmAction|alertMessage)\((.*)$/gm)) {
      const keys = [...m[2].matchAll(/\bt\('([\w.]+)'/g)].map((k) => k[1])
      const buttons = m[1] === 'confirmAction' ? keys.slice(-2) : keys.slice(-1)
      buttons.forEach((key) => out.push({ where: `${path.relative(SRC, f)} ${m[1]}`, key }))
    }
  }
  return out
}

describe('dialog button texts', () => {
  const words = tables()
  const found = buttonKeys()

  it('finds the dialogs (cancel an order, log out, delete an address, end a session, delete the account)', () => {
    expect(found.map((b) => b.key)).toEqual(expect.arrayContaining(['orders.cancelYes', 'orders.cancelNo', 'me.logout', 'address.delete', 'sessions.end', 'delete.confirmOk']))
  })

  it.each(['zh-CN', 'en'] as const)('fit the platforms’ limit in %s', (lang) => {
    const tooLong = found.map(({ where, key }) => ({ where, key, text: words[lang][key] })).filter((b) => b.text === undefined || width(b.text) > 8)
    expect(tooLong).toEqual([])
  })

  it('the measure refuses what the platform refuses', () => {
    expect(width('Cancel order')).toBeGreaterThan(8)
    expect(width('取消订单')).toBe(8)
    expect(width('再想想一下')).toBeGreaterThan(8)
  })
})
