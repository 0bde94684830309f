const ts = require('typescript'); const fs = require('fs')
const files = require('child_process').execSync('git diff --name-only 68df9bc -- server __tests__ scripts bench').toString().trim().split('\n').filter((f) => f.endsWith('.ts') && fs.existsSync(f))
let n = 0
for (const file of files) {
  let text = fs.readFileSync(file, 'utf8')
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const edits = []
  const visit = (node) => {
    if (ts.isParenthesizedExpression(node) && ts.isAwaitExpression(node.expression)) {
      const p = node.parent
      const ok = (ts.isVariableDeclaration(p) && p.initializer === node) || ts.isReturnStatement(p) || (ts.isCallExpression(p) && p.arguments.includes(node)) ||
        (ts.isPropertyAssignment(p) && p.initializer === node) || ts.isIfStatement(p) || ts.isExpressionStatement(p) || ts.isArrayLiteralExpression(p) ||
        (ts.isArrowFunction(p) && p.body === node) || (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && p.right === node) || ts.isParenthesizedExpression(p)
      if (ok) { edits.push([node.getStart(sf), node.getStart(sf) + 1, '']); edits.push([node.end - 1, node.end, '']); n++ }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  edits.sort((a, b) => b[0] - a[0])
  for (const [s, e, r] of edits) text = text.slice(0, s) + r + text.slice(e)
  fs.writeFileSync(file, text)
}
console.log(n, 'parens removed')
