/**
 * ESLint rule `local/no-sql-outside-storage`: SQL is written in the storage layer only (server/storage/: the
 * repositories in repo/, the engine, the migrations). Everything above it — the domain, the sandbox, http, the scripts —
 * calls a repository function. The rule runs on the files eslint.config.mjs gives it (server/ and scripts/ outside
 * server/storage/) and reports:
 *
 * - a string or template literal that reads as a statement: it opens (after white space) with a statement's keyword
 *   followed by that statement's shape — `SELECT … FROM`, `INSERT INTO`, `UPDATE t SET`, `DELETE FROM`,
 *   `WITH x AS (`, `CREATE TABLE`, `PRAGMA x`, `BEGIN`, … The keyword is matched in either case but in one case
 *   (`SELECT` or `select`, not `Select`), so a sentence ("Select a shop", "Update available") is not SQL. A string
 *   built with `+` is read whole, its non-literal parts as a name;
 * - Kysely's builder entry calls (`.selectFrom(`, `.insertInto(`, `.updateTable(`, `.deleteFrom(`, `.replaceInto(`,
 *   `.mergeInto(`, `.selectNoFrom(`, `.withRecursive(`, `.schema.create…(`/`alter…`/`drop…`), `CompiledQuery.raw(`,
 *   Kysely's `sql` template tag, and better-sqlite3's `.pragma('…')`.
 *
 * The message says where the statement belongs. A file that must keep its SQL (a database tool) is named in the
 * allow-list beside the rule's entry in eslint.config.mjs, each with its reason.
 */

const KEYWORD = /^\s*([A-Za-z]+)/

/** A statement's shape after its keyword (the text after the keyword, case-insensitive). */
const SHAPES = {
  select: /^\s+(?:distinct\s+)?(?:[\s\S]*?\bfrom\s+[\w."(]|\*|\d|\?|\$\d|'|[\w."]+\s*\(|[\w."]+\s*(?:,|\s+as\b))/i,
  insert: /^\s+(?:or\s+\w+\s+)?into\s+[\w."]/i,
  replace: /^\s+into\s+[\w."]/i,
  update: /^\s+(?:or\s+\w+\s+)?[\w."]+\s+(?:as\s+\w+\s+)?set\s/i,
  delete: /^\s+from\s+[\w."]/i,
  with: /^\s+(?:recursive\s+)?[\w"]+\s*(?:\([^)]*\)\s*)?as\s+(?:(?:not\s+)?materialized\s+)?\(/i,
  create: /^\s+(?:or\s+replace\s+)?(?:unique\s+|temp\s+|temporary\s+|virtual\s+)?(?:table|index|view|trigger|schema|database|sequence|extension|type|function|role|user)\b/i,
  alter: /^\s+(?:table|index|sequence|database|schema|type|role|user|system|view)\b/i,
  drop: /^\s+(?:table|index|view|trigger|schema|database|sequence|type|function|role|user|owned|extension)\b/i,
  pragma: /^\s+\w+/i,
  begin: /^(?:\s+(?:immediate|exclusive|deferred|transaction|isolation|work)\b[\s\S]*)?\s*;?\s*$/i,
  commit: /^\s*;?\s*$/i,
  rollback: /^(?:\s+to\b[\s\S]*)?\s*;?\s*$/i,
  savepoint: /^\s+\w+\s*;?\s*$/i,
  release: /^\s+(?:savepoint\s+)?\w+\s*;?\s*$/i,
  vacuum: /^(?:\s+into\b[\s\S]*|\s+\w+)?\s*;?\s*$/i,
  analyze: /^(?:\s+[\w."]+)?\s*;?\s*$/i,
  truncate: /^\s+(?:table\s+)?[\w."]+/i,
  attach: /^\s+(?:database\s+)?['"?$]/i,
  explain: /^\s+(?:query\s+plan\s+|analyze\s+)?(?:select|insert|update|delete|with)\b/i,
  lock: /^\s+table\b/i,
  reindex: /^(?:\s+[\w."]+)?\s*;?\s*$/i,
}

/** Whether a text reads as an SQL statement (see the file's comment). */
export function readsAsSql(text) {
  const m = KEYWORD.exec(text)
  if (!m) return false
  const word = m[1]
  if (word !== word.toUpperCase() && word !== word.toLowerCase()) return false
  const shape = SHAPES[word.toLowerCase()]
  return shape !== undefined && shape.test(text.slice(m[0].length))
}

/** Kysely's builder entries (a method of the database, a transaction or a query creator). */
const BUILDER_ENTRIES = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'selectNoFrom', 'withRecursive'])

function isPlus(node) {
  return node?.type === 'BinaryExpression' && node.operator === '+'
}

/** The text of a string expression: literals as written, templates' holes and other parts as `x`; null if no part is a string. */
function textOf(node) {
  if (node.type === 'Literal') return typeof node.value === 'string' ? { text: node.value, strings: true } : { text: 'x', strings: false }
  if (node.type === 'TemplateLiteral') {
    let text = ''
    node.quasis.forEach((q, i) => {
      text += q.value.cooked ?? q.value.raw
      if (i < node.expressions.length) text += 'x'
    })
    return { text, strings: true }
  }
  if (isPlus(node)) {
    const left = textOf(node.left)
    const right = textOf(node.right)
    return { text: left.text + right.text, strings: left.strings || right.strings }
  }
  return { text: 'x', strings: false }
}

export const noSqlOutsideStorage = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL (statement text, Kysely builder calls) is written in server/storage only; the rest calls a repository.' },
    schema: [],
    messages: {
      text: 'SQL outside the storage layer ({{start}}…): write it as a function in server/storage/repo/ (taking `db: Q`) and call that.',
      builder: "Kysely's builder outside the storage layer ({{what}}): write the query as a function in server/storage/repo/ and call that.",
    },
  },
  create(context) {
    const kyselySql = new Set()
    const check = (node) => {
      const { text, strings } = textOf(node)
      if (strings && readsAsSql(text)) {
        context.report({ node, messageId: 'text', data: { start: text.trim().replace(/\s+/g, ' ').slice(0, 32) } })
      }
    }
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'kysely' || node.importKind === 'type') return
        for (const s of node.specifiers) {
          if (s.type === 'ImportSpecifier' && s.importKind !== 'type' && (s.imported.name ?? s.imported.value) === 'sql') kyselySql.add(s.local.name)
        }
      },
      Literal(node) {
        if (typeof node.value !== 'string' || isPlus(node.parent)) return
        // An import's source, a property key or a type's literal is never a statement.
        if (node.parent.type === 'ImportDeclaration' || node.parent.type === 'ExportNamedDeclaration' || node.parent.type === 'ExportAllDeclaration') return
        if (node.parent.type === 'TSLiteralType') return
        check(node)
      },
      TemplateLiteral(node) {
        if (isPlus(node.parent) || node.parent.type === 'TaggedTemplateExpression') return
        check(node)
      },
      BinaryExpression(node) {
        if (isPlus(node) && !isPlus(node.parent)) check(node)
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag.type === 'MemberExpression' ? node.tag.object : node.tag
        if (tag.type === 'Identifier' && kyselySql.has(tag.name)) {
          context.report({ node, messageId: 'builder', data: { what: `${tag.name}\`…\`` } })
        } else if (node.parent.type !== 'TaggedTemplateExpression') {
          check(node.quasi)
        }
      },
      CallExpression(node) {
        const callee = node.callee
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return
        const name = callee.property.name
        if (BUILDER_ENTRIES.has(name)) {
          context.report({ node: callee.property, messageId: 'builder', data: { what: `.${name}(` } })
        } else if (name === 'raw' && callee.object.type === 'Identifier' && (callee.object.name === 'CompiledQuery' || kyselySql.has(callee.object.name))) {
          context.report({ node: callee.property, messageId: 'builder', data: { what: `${callee.object.name}.raw(` } })
        } else if (name === 'pragma' && node.arguments[0]?.type === 'Literal' && typeof node.arguments[0].value === 'string') {
          context.report({ node: callee.property, messageId: 'builder', data: { what: `.pragma('${node.arguments[0].value}')` } })
        } else if (
          callee.object.type === 'MemberExpression' &&
          !callee.object.computed &&
          callee.object.property.type === 'Identifier' &&
          callee.object.property.name === 'schema' &&
          /^(?:create|alter|drop)[A-Z]/.test(name)
        ) {
          context.report({ node: callee.property, messageId: 'builder', data: { what: `.schema.${name}(` } })
        }
      },
    }
  },
}

export default { rules: { 'no-sql-outside-storage': noSqlOutsideStorage } }
