import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type * as TS from 'typescript'
import { builtAhead } from '../../built'
import type { run as dropDrawing } from './dropDrawing'
import type { run as firstAnswers } from './firstAnswers'
import type { run as givenAnswers } from './givenAnswers'

/**
 * The page's inline scripts (this folder), built to ES5: each is a typed, linted TypeScript module whose `run(config)`
 * the page calls with its config as JSON. From the sources (tsx), built once per process with TypeScript's transpiler
 * (target ES5: syntax lowered, no polyfills; types only imported, so each file stands alone), the first time a page
 * needs it; the production build (scripts/build-server.ts) builds them all the same way ahead, into the bundle.
 */
export const SCRIPTS = { firstAnswers: 'firstAnswers.ts', givenAnswers: 'givenAnswers.ts', dropDrawing: 'dropDrawing.ts' } as const
export type ScriptName = keyof typeof SCRIPTS
interface Configs {
  firstAnswers: Parameters<typeof firstAnswers>[0]
  givenAnswers: Parameters<typeof givenAnswers>[0]
  dropDrawing: Parameters<typeof dropDrawing>[0]
}

const built = new Map<ScriptName, string>()

/** The script built to ES5 (CommonJS: it sets `exports.run`), without comments. */
export function builtScript(name: ScriptName): string {
  let code = built.get(name) ?? builtAhead?.pageScripts[name]
  if (code === undefined) {
    // Loaded when first needed: the transpiler is large, and most server processes in tests never serve a page. The
    // production build has them built ahead (above): it never gets here, and needs no TypeScript at run time.
    const ts = createRequire(__filename)('typescript') as typeof TS
    const file = path.join(__dirname, SCRIPTS[name])
    const out = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
      fileName: file,
      reportDiagnostics: true,
      compilerOptions: { target: ts.ScriptTarget.ES5, module: ts.ModuleKind.CommonJS, removeComments: true, newLine: ts.NewLineKind.LineFeed, strict: true },
    })
    if (out.diagnostics?.length) throw new Error(`${file}: ${out.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`)
    // One line (no string in these scripts spans lines): each line break and its indent become one space.
    code = out.outputText.trim().replace(/\n\s*/g, ' ')
    built.set(name, code)
  }
  return code
}

/** JSON inside <script>: no "</script>", no line separators that end a string in old engines. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

/** An inline script's text: the built module, run with `config` (the script's own scope: nothing left on `window`). */
export const pageScript = <N extends ScriptName>(name: N, config: Configs[N]): string =>
  `(function(exports){${builtScript(name)}exports.run(${scriptJson(config)})})({})`
