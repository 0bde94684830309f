/**
 * ESLint rule `local/no-import-circle`: no module of src/ or server/ reaches itself through its imports — type-only
 * imports (`import type`, `import('…').T`) and dynamic `import()` included. import-x's `no-cycle` skips type-only
 * imports by design and has no option for them; a type-only edge still ties two modules together (neither can move or
 * be read alone), so a circle through one is a circle here.
 *
 * How: the import graph of every .ts/.tsx/.js file under src/ and server/ is read once per process with TypeScript's
 * own import scanner (`ts.preProcessFile`: no parsing, ~0.1 s for the whole tree). For the file being linted, its own
 * imports come from the text ESLint is linting (an unsaved edit counts); each import whose target can reach the file
 * again is reported, with the way back. Specifiers resolve like the builds: relative paths and `@/` (src/), trying
 * `x.ts`, `x.tsx`, the platform files `x.h5.ts` / `x.weapp.ts` (both: a circle on either target is a circle) and
 * `x/index.*`. Packages are not followed. The graph is read once per process: a long-lived ESLint (an editor's server)
 * sees the other files' imports as they were when it started, the linted file's as they are.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const ROOTS = ['src', 'server']
const SOURCE = /\.(?:tsx?|js|mjs)$/
const SUFFIXES = ['.ts', '.tsx', '.h5.ts', '.h5.tsx', '.weapp.ts', '.weapp.tsx', '.js', '.mjs']

/** Imports named in a module's text (every kind, type-only included), as written. */
function specifiersOf(text) {
  const info = ts.preProcessFile(text, true, true)
  return info.importedFiles.map((f) => f.fileName)
}

function makeResolver(root, exists) {
  return function resolveFrom(fromFile, spec) {
    let base
    if (spec.startsWith('@/')) base = path.join(root, 'src', spec.slice(2))
    else if (spec.startsWith('./') || spec.startsWith('../')) base = path.resolve(path.dirname(fromFile), spec)
    else return []
    if (SOURCE.test(base) && exists(base)) return [base]
    const found = SUFFIXES.map((s) => base + s).filter(exists)
    if (found.length > 0) return found
    return SUFFIXES.map((s) => path.join(base, 'index' + s)).filter(exists)
  }
}

/** The graph of one tree on disk: file → the files it imports (absolute paths). */
export function readGraph(root) {
  const files = []
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full)
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full)
    }
  }
  for (const r of ROOTS) walk(path.join(root, r))
  const known = new Set(files)
  const resolveFrom = makeResolver(root, (f) => known.has(f))
  const imports = new Map()
  for (const file of files) {
    const targets = new Set()
    for (const spec of specifiersOf(fs.readFileSync(file, 'utf8'))) for (const t of resolveFrom(file, spec)) targets.add(t)
    imports.set(file, targets)
  }
  const importers = new Map()
  for (const [from, targets] of imports) {
    for (const to of targets) {
      if (!importers.has(to)) importers.set(to, new Set())
      importers.get(to).add(from)
    }
  }
  return { imports, importers, resolveFrom }
}

const graphs = new Map()
function graphOf(root) {
  if (!graphs.has(root)) graphs.set(root, readGraph(root))
  return graphs.get(root)
}

/** Every file from which `file` can be reached (its importers, theirs, …). */
function reachersOf(graph, file) {
  const seen = new Set()
  const queue = [file]
  while (queue.length > 0) {
    for (const from of graph.importers.get(queue.pop()) ?? []) {
      if (!seen.has(from)) {
        seen.add(from)
        queue.push(from)
      }
    }
  }
  return seen
}

/** The shortest way from `start` back to `file` (breadth first), as paths relative to root. */
function wayBack(graph, start, file, root) {
  const before = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const at = queue.shift()
    if (at === file) break
    for (const next of graph.imports.get(at) ?? []) {
      if (!before.has(next)) {
        before.set(next, at)
        queue.push(next)
      }
    }
  }
  const way = []
  for (let at = file; at != null; at = before.get(at)) way.unshift(path.relative(root, at))
  return way.join(' → ')
}

export const noImportCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import circle between modules of src/ and server/, type-only imports included.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { circle: 'Import circle: {{way}}. Move what both sides need to the module that owns it (or a small types module).' },
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd
    const file = context.physicalFilename
    if (!ROOTS.some((r) => file.startsWith(path.join(root, r) + path.sep))) return {}
    return {
      Program() {
        const graph = graphOf(root)
        const reachers = reachersOf(graph, file)
        const text = context.sourceCode.text
        const info = ts.preProcessFile(text, true, true)
        const reported = new Set()
        for (const imported of info.importedFiles) {
          for (const target of graph.resolveFrom(file, imported.fileName)) {
            if (target !== file && !reachers.has(target)) continue
            if (reported.has(target)) continue
            reported.add(target)
            const start = context.sourceCode.getLocFromIndex(imported.pos)
            const end = context.sourceCode.getLocFromIndex(imported.end)
            const way = `${path.relative(root, file)} → ${wayBack(graph, target, file, root)}`
            context.report({ loc: { start, end }, messageId: 'circle', data: { way } })
          }
        }
      },
    }
  },
}

export default { rules: { 'no-import-circle': noImportCircle } }
