#!/usr/bin/env node
// Shipped scripts must run on the declared targets (package.json browserslist: Chrome 70 — Android's
// WebView and WeChat's XWeb included —, iOS 12, Safari 12), else a white screen. Two checks over every .js file of both builds (dist/ = weapp, dist-h5/ = H5):
//   1. syntax: each file must parse with acorn at ecmaVersion 2019 (what Chrome 70 / iOS 12 parse). A file
//      that does not is parsed again at the latest version to list every newer construct in it; regex
//      lookbehind (ES2018 on paper, Safari 16.4 in fact) is reported too, as iOS 12 refuses the whole file.
//   2. built-ins newer than the targets (NEWER_GLOBALS, NEWER_MEMBERS), found by an AST walk so strings and
//      property keys do not count. A use inside a branch of a `typeof X` / `'x' in y` test is feature-detected
//      and passes; every other use must be on ALLOW (with its reason) or the check fails.
//   3. a bare `process.` (Node's global): the build replaces the `process.env.X` it was given (NODE_ENV, TARO_ENV,
//      the TARO_APP_* of the .env files); one it was not given stays as written, and in a page or a mini-program
//      `process` is not defined — the script throws where it runs (issue 24: tapping an address did nothing).
//      A use inside a `typeof process` test, or of a local variable named process, passes.
// Usage: node scripts/check-es.mjs   (exit 1 on any finding; build both targets first)
import fs from 'node:fs'
import path from 'node:path'
import * as acorn from 'acorn'
import * as walk from 'acorn-walk'

export const ECMA_VERSION = 2019

/** Global names newer than the targets, with where they start. */
export const NEWER_GLOBALS = {
  BigInt: 'Chrome 67 / iOS 14',
  BigInt64Array: 'Chrome 67 / iOS 15',
  BigUint64Array: 'Chrome 67 / iOS 15',
  globalThis: 'Chrome 71 / iOS 12.2',
  queueMicrotask: 'Chrome 71 / iOS 12.2',
  AbortController: 'Chrome 66 / iOS 12.1',
  IntersectionObserver: 'Chrome 51 (isIntersecting 58) / iOS 12.2',
  ResizeObserver: 'Chrome 64 / iOS 13.4',
  structuredClone: 'Chrome 98 / iOS 15.4',
  AggregateError: 'Chrome 85 / iOS 14',
  WeakRef: 'Chrome 84 / iOS 14.5',
  FinalizationRegistry: 'Chrome 84 / iOS 14.5',
}

/**
 * Methods and statics newer than the targets, by property name. `on` limits a name to one object
 * (`Promise.any`, not `x.any`); `call` counts only calls with that many arguments (`.at(i)`: one argument,
 * the array/string method's shape — a judgement, other `.at` methods would be reported too).
 */
export const NEWER_MEMBERS = {
  replaceAll: { since: 'String.prototype.replaceAll: Chrome 85 / iOS 13.4' },
  matchAll: { since: 'String.prototype.matchAll: Chrome 73 / iOS 13' },
  at: { since: 'Array/String.prototype.at: Chrome 92 / iOS 15.4', call: 1 },
  findLast: { since: 'Array.prototype.findLast: Chrome 97 / iOS 15.4' },
  findLastIndex: { since: 'Array.prototype.findLastIndex: Chrome 97 / iOS 15.4' },
  toSorted: { since: 'Array.prototype.toSorted: Chrome 110 / iOS 16' },
  toReversed: { since: 'Array.prototype.toReversed: Chrome 110 / iOS 16' },
  toSpliced: { since: 'Array.prototype.toSpliced: Chrome 110 / iOS 16' },
  hasOwn: { since: 'Object.hasOwn: Chrome 93 / iOS 15.4', on: 'Object' },
  fromEntries: { since: 'Object.fromEntries: Chrome 73 / iOS 12.2', on: 'Object' },
  groupBy: { since: 'Object/Map.groupBy: Chrome 117 / iOS 17.4' },
  allSettled: { since: 'Promise.allSettled: Chrome 76 / iOS 13', on: 'Promise' },
  any: { since: 'Promise.any: Chrome 85 / iOS 14', on: 'Promise' },
  withResolvers: { since: 'Promise.withResolvers: Chrome 119 / iOS 17.4', on: 'Promise' },
}

/** The global object's names: `window.AbortController` counts as the global. */
const GLOBAL_OBJECTS = new Set(['window', 'self', 'global', 'globalThis'])

/**
 * Known uses that are not feature-detected by a `typeof` test the walk can see. `build` and `file` (path
 * inside the build folder) locate it, `near` must match the source around it (±100 characters) in a match that covers the use, `reason`
 * says why it is safe. `knownGap: true` marks a use that is NOT safe on every target, accepted for now and
 * printed as a warning on every run.
 */
export const ALLOW = [
  {
    build: 'h5',
    file: /^js\/app\.[0-9a-f]+\.js$/,
    name: 'replaceAll',
    near: /encodeURIComponent\([\w$]+\)\.replaceAll\(/,
    reason: "query-string 9 (strictUriEncode), through @tarojs/router; src/app.tsx polyfills String.prototype.replaceAll on H5 before the router runs",
  },
  {
    build: 'h5',
    file: /^js\/app\.[0-9a-f]+\.js$/,
    name: 'replaceAll',
    near: /[\w$]+\.replaceAll\("\+"," "\)/,
    reason: "query-string 9 (parse, '+' as space), through @tarojs/router; src/app.tsx polyfills String.prototype.replaceAll on H5 before the router runs",
  },
  {
    build: 'h5',
    file: /^js\/[\w.-]+\.js$/,
    name: 'IntersectionObserver',
    near: /lazyLoad\)(?:\{|return;)(?:var|let|const) [\w$]+=new IntersectionObserver\(/,
    reason: "Taro's H5 <Image> creates it only with lazyLoad; our lazy images ask for lazyLoad only where IntersectionObserver exists (src/platform/imageLoading.h5.ts), so iOS 12.0–12.1 load them at once",
  },
]

function snippetAt(code, start, end = start) {
  const from = Math.max(0, start - 40)
  const to = Math.min(code.length, end + 40)
  return `${from > 0 ? '…' : ''}${code.slice(from, to).replace(/\s+/g, ' ')}${to < code.length ? '…' : ''}`
}

function parse(code, ecmaVersion) {
  const options = { ecmaVersion, locations: true, allowHashBang: true }
  try {
    return acorn.parse(code, { ...options, sourceType: 'script' })
  } catch (err) {
    if (!/sourceType: module|'import' and 'export'/.test(String(err && err.message))) throw err
    return acorn.parse(code, { ...options, sourceType: 'module' })
  }
}

const hasLookbehind = (pattern) => /\(\?<[=!]/.test(pattern)

/** Syntax newer than ES2019 in a tree parsed at the latest version: [{ node, what }]. */
function newerSyntax(ast) {
  const found = []
  const add = (node, what) => found.push({ node, what })
  walk.full(ast, (node) => {
    switch (node.type) {
      case 'ChainExpression':
        return add(node, 'optional chaining ?. (ES2020)')
      case 'LogicalExpression':
        if (node.operator === '??') add(node, 'nullish coalescing ?? (ES2020)')
        return
      case 'AssignmentExpression':
        if (['||=', '&&=', '??='].includes(node.operator)) add(node, `logical assignment ${node.operator} (ES2021)`)
        return
      case 'Literal':
        if (node.bigint !== undefined) add(node, 'BigInt literal (ES2020)')
        else if (typeof node.value === 'number' && String(node.raw).includes('_')) add(node, 'numeric separator (ES2021)')
        else if (node.regex && /[dv]/.test(node.regex.flags)) add(node, `regex flag ${node.regex.flags} (ES2022+)`)
        return
      case 'ImportExpression':
        return add(node, 'dynamic import() (ES2020)')
      case 'MetaProperty':
        if (node.meta.name === 'import') add(node, 'import.meta (ES2020)')
        return
      case 'PropertyDefinition':
        return add(node, `class field${node.key.type === 'PrivateIdentifier' ? ' (private #)' : ''} (ES2022)`)
      case 'MethodDefinition':
        if (node.key.type === 'PrivateIdentifier') add(node, 'private method # (ES2022)')
        return
      case 'MemberExpression':
        if (node.property.type === 'PrivateIdentifier') add(node, 'private member access # (ES2022)')
        return
      case 'BinaryExpression':
        if (node.left.type === 'PrivateIdentifier') add(node, 'private brand check #x in (ES2022)')
        return
      case 'StaticBlock':
        return add(node, 'class static block (ES2022)')
      case 'ExportAllDeclaration':
        if (node.exported) add(node, 'export * as ns (ES2020)')
        return
      default:
    }
  })
  return found
}

/**
 * Syntax check of one script: [] when it parses at ES2019 and has no regex lookbehind; else one problem per
 * newer construct ({ line, column, what, snippet }), or the parser's error when it parses at no version.
 */
export function checkSyntax(code) {
  const problems = []
  let ast
  try {
    ast = parse(code, ECMA_VERSION)
  } catch (err) {
    let latest
    try {
      latest = parse(code, 'latest')
    } catch {
      const { line, column } = err.loc ?? { line: 0, column: 0 }
      return [{ line, column, what: `does not parse: ${err.message}`, snippet: snippetAt(code, err.pos ?? 0) }]
    }
    for (const { node, what } of newerSyntax(latest)) {
      problems.push({ line: node.loc.start.line, column: node.loc.start.column, what, snippet: snippetAt(code, node.start, Math.min(node.end, node.start + 40)) })
    }
    if (problems.length === 0) {
      const { line, column } = err.loc ?? { line: 0, column: 0 }
      problems.push({ line, column, what: `newer than ES${ECMA_VERSION}: ${err.message}`, snippet: snippetAt(code, err.pos ?? 0) })
    }
    ast = latest
  }
  // Regex lookbehind parses at ES2018, but Safari before 16.4 rejects the whole script.
  walk.simple(ast, {
    Literal(node) {
      if (node.regex && hasLookbehind(node.regex.pattern)) {
        problems.push({ line: node.loc.start.line, column: node.loc.start.column, what: 'regex lookbehind (?<= (?<! (Safari 16.4 / iOS 16.4)', snippet: snippetAt(code, node.start, node.end) })
      }
    },
  })
  return problems.sort((a, b) => a.line - b.line || a.column - b.column)
}

/** The name a `typeof` / `in` test checks for, if any: `typeof X`, `typeof a.b.X`, `'X' in y`. */
function testedName(node) {
  if (node.type === 'UnaryExpression' && node.operator === 'typeof') {
    const arg = node.argument
    if (arg.type === 'Identifier') return arg.name
    if (arg.type === 'MemberExpression') return arg.computed ? (arg.property.type === 'Literal' ? String(arg.property.value) : null) : arg.property.name
  }
  if (node.type === 'BinaryExpression' && node.operator === 'in' && node.left.type === 'Literal') return String(node.left.value)
  return null
}

function testsFor(test, name) {
  let hit = false
  walk.full(test, (n) => {
    if (testedName(n) === name) hit = true
  })
  return hit
}

/** Is the node (last of ancestors) in a branch of a conditional whose test feature-detects `name`? */
function isFeatureDetected(ancestors, name) {
  for (let i = ancestors.length - 2; i >= 0; i--) {
    const a = ancestors[i]
    const child = ancestors[i + 1]
    if ((a.type === 'IfStatement' || a.type === 'ConditionalExpression') && child !== a.test && testsFor(a.test, name)) return true
    if (a.type === 'LogicalExpression' && child === a.right && testsFor(a.left, name)) return true
  }
  return false
}

const isTypeofOperand = (ancestors) => {
  const parent = ancestors[ancestors.length - 2]
  return parent && parent.type === 'UnaryExpression' && parent.operator === 'typeof'
}

/** Uses of NEWER_GLOBALS / NEWER_MEMBERS in one script: [{ name, since, line, column, start, end, guarded, snippet }]. */
export function findNewerBuiltins(code, ast = parse(code, 'latest')) {
  const found = []
  const add = (node, name, since, ancestors) =>
    found.push({
      name,
      since,
      line: node.loc.start.line,
      column: node.loc.start.column,
      start: node.start,
      end: node.end,
      guarded: isFeatureDetected(ancestors, name),
      snippet: snippetAt(code, node.start, node.end),
    })
  walk.ancestor(ast, {
    Identifier(node, _st, ancestors) {
      if (Object.hasOwnProperty.call(NEWER_GLOBALS, node.name) && !isTypeofOperand(ancestors)) add(node, node.name, NEWER_GLOBALS[node.name], ancestors)
    },
    MemberExpression(node, _st, ancestors) {
      const name = node.computed ? (node.property.type === 'Literal' ? String(node.property.value) : null) : node.property.name
      if (name == null) return
      const objectName = node.object.type === 'Identifier' ? node.object.name : null
      if (objectName && GLOBAL_OBJECTS.has(objectName) && Object.hasOwnProperty.call(NEWER_GLOBALS, name)) {
        if (!isTypeofOperand(ancestors)) add(node, name, NEWER_GLOBALS[name], ancestors)
        return
      }
      if (!Object.hasOwnProperty.call(NEWER_MEMBERS, name)) return
      const rule = NEWER_MEMBERS[name]
      if (rule.on && objectName !== rule.on) return
      if (rule.call !== undefined) {
        const parent = ancestors[ancestors.length - 2]
        if (!parent || parent.type !== 'CallExpression' || parent.callee !== node || parent.arguments.length !== rule.call) return
      }
      if (isTypeofOperand(ancestors)) return
      add(node, name, rule.since, ancestors)
    },
  })
  return found
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'])

/** The names a binding pattern (a parameter, a declarator's id) binds. */
function patternNames(pattern, out = []) {
  if (!pattern) return out
  switch (pattern.type) {
    case 'Identifier':
      out.push(pattern.name)
      break
    case 'ObjectPattern':
      for (const p of pattern.properties) patternNames(p.type === 'RestElement' ? p.argument : p.value, out)
      break
    case 'ArrayPattern':
      for (const e of pattern.elements) patternNames(e, out)
      break
    case 'RestElement':
      patternNames(pattern.argument, out)
      break
    case 'AssignmentPattern':
      patternNames(pattern.left, out)
      break
    default:
  }
  return out
}

/**
 * Does this scope (a function, the program, a catch clause) bind `name` — its parameters, or a declaration in
 * its body outside nested functions? Blocks count with their function (a `let process` in any block of it hides
 * the global: a judgement that can only let a real use through, never report a local one).
 */
function scopeBinds(scope, name) {
  if (FUNCTION_TYPES.has(scope.type)) {
    if (scope.params.some((p) => patternNames(p).includes(name))) return true
    if (scope.type === 'FunctionExpression' && scope.id && scope.id.name === name) return true
  }
  if (scope.type === 'CatchClause') return patternNames(scope.param).includes(name)
  let found = false
  const visit = (node, root) => {
    if (found || !node || typeof node.type !== 'string') return
    if (!root && FUNCTION_TYPES.has(node.type)) {
      if (node.type === 'FunctionDeclaration' && node.id && node.id.name === name) found = true
      return
    }
    if (node.type === 'VariableDeclarator' && patternNames(node.id).includes(name)) found = true
    if (node.type === 'ClassDeclaration' && node.id && node.id.name === name) found = true
    if ((node.type === 'ImportSpecifier' || node.type === 'ImportDefaultSpecifier' || node.type === 'ImportNamespaceSpecifier') && node.local.name === name) found = true
    for (const key of Object.keys(node)) {
      const v = node[key]
      if (Array.isArray(v)) v.forEach((c) => visit(c, false))
      else if (v && typeof v.type === 'string') visit(v, false)
    }
  }
  visit(FUNCTION_TYPES.has(scope.type) ? scope.body : scope, true)
  return found
}

/**
 * Bare `process.…` in one script: [{ line, column, start, end, snippet }] — Node's global read where the build
 * left it (a `process.env.X` it was not given). Feature-detected uses (`typeof process`) and a local variable
 * named process do not count.
 */
export function findBareProcess(code, ast = parse(code, 'latest')) {
  const found = []
  walk.ancestor(ast, {
    MemberExpression(node, _st, ancestors) {
      if (node.object.type !== 'Identifier' || node.object.name !== 'process') return
      if (isFeatureDetected(ancestors, 'process')) return
      for (let i = ancestors.length - 2; i >= 0; i--) {
        const a = ancestors[i]
        if ((FUNCTION_TYPES.has(a.type) || a.type === 'Program' || a.type === 'CatchClause') && scopeBinds(a, 'process')) return
      }
      found.push({ line: node.loc.start.line, column: node.loc.start.column, start: node.start, end: node.end, snippet: snippetAt(code, node.start, node.end) })
    },
  })
  return found
}

/** Does `near` match the source around a use (±100 characters) in a match that covers the use itself? */
function nearMatches(code, use, near) {
  const from = Math.max(0, use.start - 100)
  const around = code.slice(from, use.end + 100)
  const re = new RegExp(near.source, near.flags.includes('g') ? near.flags : `${near.flags}g`)
  for (const m of around.matchAll(re)) {
    const start = from + m.index
    if (start <= use.start && start + m[0].length >= use.end) return true
    if (m[0].length === 0) re.lastIndex++
  }
  return false
}

/**
 * Checks one script of a build. Returns { syntax, unlisted, guarded, allowed, bareProcess }: syntax problems,
 * built-in uses that fail the check, feature-detected uses, uses matched by an ALLOW entry (each with its
 * `entry`), and bare `process.` reads (findBareProcess), which fail the check.
 */
export function checkSource(code, { build = '', file = '', allow = ALLOW } = {}) {
  const syntax = checkSyntax(code)
  let ast
  try {
    ast = parse(code, 'latest')
  } catch {
    return { syntax, unlisted: [], guarded: [], allowed: [], bareProcess: [] }
  }
  const unlisted = []
  const guarded = []
  const allowed = []
  for (const use of findNewerBuiltins(code, ast)) {
    if (use.guarded) {
      guarded.push(use)
      continue
    }
    const entry = allow.find((e) => e.name === use.name && (!e.build || e.build === build) && (!e.file || e.file.test(file)) && (!e.near || nearMatches(code, use, e.near)))
    if (entry) allowed.push({ ...use, entry })
    else unlisted.push(use)
  }
  return { syntax, unlisted, guarded, allowed, bareProcess: findBareProcess(code, ast) }
}

function listScripts(dir) {
  const out = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...listScripts(p))
    else if (entry.isFile() && entry.name.endsWith('.js')) out.push(p)
  }
  return out.sort()
}

function main(root) {
  const builds = [
    { name: 'weapp', dir: path.join(root, 'dist') },
    { name: 'h5', dir: path.join(root, 'dist-h5') },
  ]
  const failures = []
  const warnings = []
  const counts = []
  const usedEntries = new Map() // ALLOW entry → files it matched in
  let guardedCount = 0
  let allowedCount = 0
  let unlistedCount = 0
  let bareProcessCount = 0
  for (const build of builds) {
    if (!fs.existsSync(build.dir)) {
      failures.push(`${path.relative(root, build.dir)}/ is missing: build it first (node scripts/ensure-build.mjs ${build.name})`)
      counts.push(`${build.name} 0/0 files`)
      continue
    }
    const files = listScripts(build.dir)
    let parsed = 0
    for (const abs of files) {
      const rel = path.relative(root, abs)
      const inBuild = path.relative(build.dir, abs).split(path.sep).join('/')
      const result = checkSource(fs.readFileSync(abs, 'utf8'), { build: build.name, file: inBuild })
      if (result.syntax.length === 0) parsed++
      for (const p of result.syntax) failures.push(`${rel}:${p.line}:${p.column}  ${p.what}\n    ${p.snippet}`)
      for (const u of result.unlisted) failures.push(`${rel}:${u.line}:${u.column}  built-in ${u.name} (${u.since}), not feature-detected and not on the allow-list\n    ${u.snippet}`)
      for (const p of result.bareProcess) failures.push(`${rel}:${p.line}:${p.column}  bare process.… (not defined in a page or a mini-program: set the variable in the .env files so the build replaces it)\n    ${p.snippet}`)
      bareProcessCount += result.bareProcess.length
      guardedCount += result.guarded.length
      unlistedCount += result.unlisted.length
      allowedCount += result.allowed.length
      for (const a of result.allowed) {
        if (!usedEntries.has(a.entry)) usedEntries.set(a.entry, new Set())
        usedEntries.get(a.entry).add(rel)
      }
    }
    if (files.length === 0) failures.push(`${path.relative(root, build.dir)}/ has no .js files`)
    counts.push(`${build.name} ${parsed}/${files.length} files`)
  }
  for (const entry of ALLOW) {
    const files = usedEntries.get(entry)
    if (!files) warnings.push(`allow-list entry for ${entry.name} in ${entry.build} ${entry.file} matched nothing (stale? remove it)`)
    else if (entry.knownGap) {
      const list = [...files]
      warnings.push(`known gap: ${entry.name} (${NEWER_GLOBALS[entry.name] ?? NEWER_MEMBERS[entry.name]?.since}) in ${list.length} file(s) (${list.slice(0, 3).join(', ')}${list.length > 3 ? ', …' : ''}): ${entry.reason}`)
    }
  }

  console.log(`ES${ECMA_VERSION} parse: ${counts.join(', ')}`)
  console.log(`built-ins newer than the targets: ${guardedCount} feature-detected, ${allowedCount} allow-listed, ${unlistedCount} unlisted`)
  console.log(`bare process.…: ${bareProcessCount}`)
  for (const w of warnings) console.log(`warning: ${w}`)
  if (failures.length) {
    console.error(`\n${failures.length} problem(s) — these scripts would not run (on Chrome 70 / iOS 12, or anywhere):`)
    for (const f of failures) console.error(`  ${f}`)
    process.exitCode = 1
  }
}

// Run as a script (not when a test imports the functions).
if (process.argv[1] && /check-es\.mjs$/.test(process.argv[1])) main(path.resolve(path.dirname(process.argv[1]), '..'))
