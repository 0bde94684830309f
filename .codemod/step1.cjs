// Step 1: sql(db, T).get(A) → db.get(T, A) etc.; tx(db, (…) → db.transaction('serializable', (db…; db: DB → db: Q (per function, except KEEP).
const ts = require('typescript')
const fs = require('fs')
const path = require('path')
const ROOT = path.resolve(__dirname, '..')
const EXCLUDE = [/server\/storage\/(db|copy|pgBaseline|migrate|engine|query)\.ts$/, /server\/demo\//]
const KEEP = new Set(['clockOffsets', 'contestEndingAfter', 'insertContest', 'addressesWithoutPoint', 'setAddressPoint', 'seedDiscountDays', 'addDay', 'addShop', 'hasDiscountDays', 'openDatabase', 'tx', 'sql'])
const files = require('child_process').execSync('git ls-files server', { cwd: ROOT }).toString().trim().split('\n').filter((f) => f.endsWith('.ts') && !EXCLUDE.some((r) => r.test(f)))
const manual = []

for (const rel of files) {
  const file = path.join(ROOT, rel)
  let text = fs.readFileSync(file, 'utf8')
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const edits = []
  const src = (n) => text.slice(n.getStart(sf), n.end)
  const line = (n) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1
  const fnName = (fn) => {
    if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text
    if (ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name.text
    return ''
  }
  const visit = (node) => {
    // statements
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'sql' && node.arguments.length === 2) {
      const [dbArg, textArg] = node.arguments
      let p = node.parent
      let mode = null
      let exec = null
      if (ts.isPropertyAccessExpression(p) && ts.isCallExpression(p.parent) && p.parent.expression === p) {
        const name = p.name.text
        if (['get', 'all', 'run'].includes(name)) { mode = name; exec = p.parent }
        else if (name === 'pluck' || name === 'raw') {
          const q = p.parent.parent
          if (ts.isPropertyAccessExpression(q) && ts.isCallExpression(q.parent) && q.parent.expression === q) {
            const n2 = q.name.text
            if (name === 'pluck' && n2 === 'get') { mode = 'value'; exec = q.parent }
            else if (name === 'raw' && n2 === 'all') { mode = 'arrays'; exec = q.parent }
          }
        }
      }
      if (!exec) { manual.push(`${rel}:${line(node)} stored/odd statement: ${src(node).slice(0, 80)}`); return }
      const args = exec.arguments.map(src)
      let target = exec
      if (mode === 'run' && ts.isPropertyAccessExpression(exec.parent) && exec.parent.name.text === 'lastInsertRowid') { mode = 'insert'; target = exec.parent }
      const repl = `${src(dbArg)}.${mode}(${[src(textArg), ...args].join(', ')})`
      edits.push([target.getStart(sf), target.end, repl])
      // nested sql() inside args is unlikely; do not descend
      return
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'tx' && node.arguments.length === 2) {
      const [dbArg, fn] = node.arguments
      if (ts.isArrowFunction(fn) && fn.parameters.length === 0) {
        const open = text.indexOf('(', fn.getStart(sf))
        edits.push([node.getStart(sf), open + 1, `${src(dbArg)}.transaction('serializable', (${src(dbArg)}`])
        // keep visiting the body
        ts.forEachChild(fn.body, visit)
        return
      }
      manual.push(`${rel}:${line(node)} odd tx`)
    }
    // db: DB parameters
    if (ts.isParameter(node) && node.type && ts.isTypeReferenceNode(node.type) && ts.isIdentifier(node.type.typeName) && node.type.typeName.text === 'DB') {
      const fn = node.parent
      if (!KEEP.has(fnName(fn))) edits.push([node.type.getStart(sf), node.type.end, 'Q'])
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  if (!edits.length) continue
  edits.sort((a, b) => b[0] - a[0])
  for (const [s, e, r] of edits) text = text.slice(0, s) + r + text.slice(e)
  if (/\bQ\b/.test(text) && !/import (type )?\{[^}]*\bQ\b[^}]*\} from '[^']*query'/.test(text)) {
    let relq = path.relative(path.dirname(file), path.join(ROOT, 'server/storage/query')).replace(/\\/g, '/')
    if (!relq.startsWith('.')) relq = './' + relq
    const firstImport = text.search(/^import /m)
    text = text.slice(0, firstImport) + `import type { Q } from '${relq}'\n` + text.slice(firstImport)
  }
  fs.writeFileSync(file, text)
}
console.log(manual.join('\n'))
