// Step 2: await every call of a function that became async (Q's methods, and what calls them), up to a fixed point.
const ts = require('typescript')
const fs = require('fs')
const path = require('path')
const ROOT = path.resolve(process.argv[2] || path.join(__dirname, '..'))
const MODE = process.argv[3] || 'run' // 'baseline' writes the baseline set
const BASE = path.join(__dirname, 'baseline.json')

function program(root) {
  const cfg = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })
  const names = cfg.fileNames.filter((f) => /\/(server|__tests__\/server|bench|scripts|e2e)\//.test(f) || f.includes('/server/'))
  return ts.createProgram(names, cfg.options)
}
const inScope = (f) => /\/(server|__tests__\/server|bench|scripts|e2e|test-mp)\//.test(f) && !f.includes('node_modules')
const isFn = (n) => ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n)
const fnId = (root, decl) => {
  const sf = decl.getSourceFile()
  let name = decl.name && ts.isIdentifier(decl.name) ? decl.name.text : ''
  if (!name && decl.parent && ts.isVariableDeclaration(decl.parent) && ts.isIdentifier(decl.parent.name)) name = decl.parent.name.text
  if (!name && decl.parent && ts.isPropertyAssignment(decl.parent)) name = decl.parent.name.getText(sf)
  return `${path.relative(root, sf.fileName)}#${name}`
}
function isPromiseType(checker, t) {
  if (!t) return false
  if (t.isUnion()) return t.types.some((x) => isPromiseType(checker, x))
  const s = t.getSymbol()
  return !!s && (s.getName() === 'Promise')
}
function calleeDecl(checker, call) {
  const sig = checker.getResolvedSignature(call)
  const d = sig && sig.getDeclaration()
  if (!d) return null
  if (ts.isVariableDeclaration(d.parent)) return d
  return d
}

if (MODE === 'baseline') {
  const p = program(ROOT)
  const checker = p.getTypeChecker()
  const set = []
  for (const sf of p.getSourceFiles()) {
    if (!inScope(sf.fileName)) continue
    const visit = (n) => {
      if (isFn(n)) {
        const sig = checker.getSignatureFromDeclaration(n)
        if (sig && isPromiseType(checker, checker.getReturnTypeOfSignature(sig))) set.push(fnId(ROOT, n))
      }
      ts.forEachChild(n, visit)
    }
    visit(sf)
  }
  fs.writeFileSync(BASE, JSON.stringify(set))
  console.log('baseline', set.length)
  process.exit(0)
}

const baseline = new Set(JSON.parse(fs.readFileSync(BASE, 'utf8')))
const log = new Set()
for (let iter = 1; iter <= 40; iter++) {
  const p = program(ROOT)
  const checker = p.getTypeChecker()
  const perFile = new Map()
  let count = 0
  for (const sf of p.getSourceFiles()) {
    if (!inScope(sf.fileName)) continue
    const edits = []
    const used = new Set()
    const asyncified = new Set()
    const addEdit = (pos, str, end = pos) => edits.push([pos, end, str])
    const makeAsync = (fn) => {
      if (asyncified.has(fn)) return
      asyncified.add(fn)
      const mods = ts.getModifiers(fn) || []
      if (mods.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) return
      const line = sf.getLineAndCharacterOfPosition(fn.getStart(sf)).line + 1
      const rel = path.relative(ROOT, sf.fileName)
      if (ts.isGetAccessor(fn) || ts.isConstructorDeclaration(fn)) { log.add(`${rel}:${line} getter/constructor`); return }
      let at
      if (ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn)) {
        at = fn.getChildren(sf).find((c) => c.kind === ts.SyntaxKind.FunctionKeyword).getStart(sf)
      } else if (ts.isMethodDeclaration(fn)) at = fn.name.getStart(sf)
      else at = fn.getStart(sf) // arrow (after modifiers: arrows have none but async)
      if (ts.isArrowFunction(fn) && fn.typeParameters) at = fn.getStart(sf)
      addEdit(at, 'async ')
      if (fn.type) {
        const t = fn.type.getText(sf)
        if (!/^Promise</.test(t)) addEdit(fn.type.getStart(sf), `Promise<${t}>`, fn.type.end)
      }
      // a callback?
      if (fn.parent && ts.isCallExpression(fn.parent) && fn.parent.arguments.includes(fn)) {
        const callee = fn.parent.expression
        const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText(sf)
        if (!['transaction', 'defineRoute', 'get', 'post', 'route', 'then', 'addHook', 'test', 'it', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach', 'describe'].includes(name)) log.add(`${rel}:${line} callback of ${name}()`)
      } else if (!ts.isFunctionDeclaration(fn) && !(ts.isVariableDeclaration(fn.parent)) && !ts.isMethodDeclaration(fn)) {
        log.add(`${rel}:${line} function value in ${ts.SyntaxKind[fn.parent.kind]}`)
      }
    }
    const visit = (n) => {
      if (ts.isCallExpression(n)) {
        const d = calleeDecl(checker, n)
        if (d && inScope(d.getSourceFile().fileName)) {
          const dfile = d.getSourceFile().fileName
          const isQ = dfile.endsWith('server/storage/query.ts') && ts.isMethodSignature(d)
          const decl = isFn(d) ? d : null
          const isProp = ts.isFunctionTypeNode(d) && d.parent && ts.isPropertySignature(d.parent) && (process.env.TARGET_PROPS || '').split(',').includes(d.parent.name.getText())
          const target = isQ || isProp || (decl && !baseline.has(fnId(ROOT, decl)) && isPromiseType(checker, checker.getReturnTypeOfSignature(checker.getSignatureFromDeclaration(decl))))
          if (target && !(dfile.endsWith('server/storage/query.ts') && !isQ)) {
            const parent = n.parent
            let fn = n.parent
            while (fn && !isFn(fn)) fn = fn.parent
            const awaited = ts.isAwaitExpression(parent)
            const asArg = ts.isCallExpression(parent) && parent.arguments.includes(n) && /Promise\.(all|allSettled|race)|\.then$/.test(parent.expression.getText(sf))
            const inArray = ts.isArrayLiteralExpression(parent) && ts.isCallExpression(parent.parent) && /Promise\.(all|allSettled)/.test(parent.parent.expression.getText(sf))
            const returned = ts.isReturnStatement(parent) || (fn && ts.isArrowFunction(fn) && fn.body === n)
            if (!awaited && !asArg && !inArray) {
              if (!fn) {
                const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1
                log.add(`${path.relative(ROOT, sf.fileName)}:${line} top-level call`)
              } else if (!returned) {
                const s = n.getStart(sf)
                if (!used.has(s) && !used.has(n.end)) {
                  used.add(s); used.add(n.end)
                  if (ts.isExpressionStatement(parent) || ts.isVoidExpression(parent)) addEdit(s, 'await ')
                  else { addEdit(s, '(await '); addEdit(n.end, ')') }
                  makeAsync(fn)
                  count++
                }
              } else {
                const mods = ts.getModifiers(fn) || []
                const isAsync = mods.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)
                const sig = checker.getSignatureFromDeclaration(fn)
                if (!isAsync && fn.type && !/^Promise</.test(fn.type.getText(sf))) { makeAsync(fn); count++ }
                else if (!isAsync && sig && !isPromiseType(checker, checker.getReturnTypeOfSignature(sig))) { makeAsync(fn); count++ }
              }
            }
          }
        }
      }
      ts.forEachChild(n, visit)
    }
    visit(sf)
    if (edits.length) perFile.set(sf.fileName, edits)
  }
  for (const [file, edits] of perFile) {
    let text = fs.readFileSync(file, 'utf8')
    // insertions at equal positions: keep discovery order reversed so outer wraps stay outside
    edits.forEach((e, i) => e.push(i))
    edits.sort((a, b) => b[0] - a[0] || b[3] - a[3])
    for (const [s, e, r] of edits) text = text.slice(0, s) + r + text.slice(e)
    fs.writeFileSync(file, text)
  }
  console.log(`iteration ${iter}: ${count} edits in ${perFile.size} files`)
  if (!count) break
}
fs.writeFileSync(path.join(__dirname, 'manual.txt'), [...log].sort().join('\n') + '\n')
console.log([...log].length, 'notes in .codemod/manual.txt')
