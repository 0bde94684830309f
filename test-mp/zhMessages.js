/**
 * Every zh-CN UI message of the source, for the English passes (test-mp/english.test.js, e2e/english.e2e.ts):
 * src/core/messages/zh-CN.ts and the 'zh-CN' table of each src/features/<feature>/messages.ts (or the contract file it takes its tables from) and src/components/<component>/messages.ts, read as text (this
 * tier has no TypeScript; the feature tables import '@/core/i18n'). Types: zhMessages.d.ts.
 */
const fs = require('fs')
const path = require('path')

const CJK = /[\u4e00-\u9fff]/
const SRC = path.resolve(__dirname, '../src')

function readZhMessages() {
  const out = []
  const pairs = (file, block) => {
    for (const m of block.matchAll(/'([^']+)':\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g)) out.push({ key: m[1], file, text: (m[2] ?? m[3]).replace(/\\(.)/g, '$1') })
  }
  const core = fs.readFileSync(path.join(SRC, 'core/messages/zh-CN.ts'), 'utf8')
  const coreStart = core.indexOf('export const zhCN = {')
  pairs('src/core/messages/zh-CN.ts', core.slice(coreStart, core.indexOf('\n}', coreStart)))
  // Features' tables and the shared components' own (LocationBar, QuoteError, …).
  for (const dir of ['features', 'components']) {
    for (const name of fs.readdirSync(path.join(SRC, dir))) {
      const file = path.join(SRC, dir, name, 'messages.ts')
      if (!fs.existsSync(file)) continue
      let text = fs.readFileSync(file, 'utf8')
      // A feature whose words the server uses too keeps its tables in the contract (Home: src/contract/homeScreen.ts).
      const shared = text.includes("'zh-CN': {") ? null : /from '@\/contract\/(\w+)'/.exec(text)
      if (shared) text = fs.readFileSync(path.join(SRC, 'contract', `${shared[1]}.ts`), 'utf8')
      const start = text.indexOf("'zh-CN': {")
      const end = text.indexOf('\n  },', start)
      if (start < 0 || end < 0) throw new Error(`cannot find the zh-CN table in ${file}`)
      pairs(`src/${dir}/${name}/messages.ts`, text.slice(start, end))
    }
  }
  return out
}

const ZH = readZhMessages()
/** The Chinese pieces of each zh message around its {placeholders} and '|' ('满 {amount} 可用' → '满', '可用'). */
const ZH_PIECES = ZH.flatMap((m) =>
  m.text
    .split(/\{\w+(?::[^{}]*)?\}|\|/)
    .map((s) => s.trim())
    .filter((s) => CJK.test(s))
    .map((piece) => ({ ...m, piece })),
)
/** Whole zh messages (and the alternatives of 'a|b' lists): a server string equal to one is not taken out. */
const ZH_WHOLE = new Set(ZH.flatMap((m) => m.text.split('|').map((s) => s.trim())))

module.exports = { CJK, ZH, ZH_PIECES, ZH_WHOLE }
