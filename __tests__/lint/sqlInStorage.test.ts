import { execFileSync } from 'node:child_process'
import path from 'node:path'

/**
 * local/no-sql-outside-storage (scripts/lint/sql-in-storage.mjs): SQL is written in server/storage only. Its cases run
 * through ESLint's RuleTester, then samples at real paths run with the project's own configuration (which files the
 * rule covers, the allow-list). Both in a child Node process: the rule and the config are ES modules, which jest's
 * module sandbox cannot import (as __tests__/lint/layers.test.ts).
 */
const ROOT = path.resolve(__dirname, '../..')

const RULE_CASES = `
const { RuleTester } = require('eslint')
const tseslint = require('typescript-eslint')
import(require('path').join(process.cwd(), 'scripts/lint/sql-in-storage.mjs')).then(({ noSqlOutsideStorage }) => {
  const results = []
  RuleTester.describe = (_name, fn) => fn()
  RuleTester.it = (name, fn) => {
    try {
      fn()
      results.push([name, null])
    } catch (error) {
      results.push([name, error.message])
    }
  }
  RuleTester.itOnly = RuleTester.it
  const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } })
  const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'))
  tester.run('no-sql-outside-storage', noSqlOutsideStorage, cases)
  process.stdout.write(JSON.stringify(results))
})
`

const text = (n = 1) => Array.from({ length: n }, () => ({ messageId: 'text' }))
const builder = (n = 1) => Array.from({ length: n }, () => ({ messageId: 'builder' }))

const CASES = {
  valid: [
    // Sentences that open with a statement's word are not SQL.
    "const label = 'Select a shop'",
    "const t = { en: 'Update available', zh: '有新版本' }",
    "const s = 'Delete this address?'",
    "const s = 'Create an account'",
    "const s = 'With love from Hangzhou'",
    "const s = 'Begin again'",
    "const s = 'select'",
    'const s = `Select ${n} shops from the list`',
    "const s = 'insert coin'",
    // A repository call is how the domain reads.
    "import { shopName } from '../storage/repo/shops'\nexport const f = (db) => shopName(db, 1)",
    // Types and import sources are never statements; another library's `with`/`select` methods are not Kysely's entries.
    "import type { Q } from '../storage/query'\ntype K = 'SELECT * FROM shops'",
    'const picked = list.select((x) => x).with(1)',
    // A template tag that is not Kysely's sql, holding no statement.
    'const h = html`<p>Select a shop</p>`',
  ],
  invalid: [
    { code: "export const f = (db) => db.get('SELECT name FROM shops WHERE id = ?', 1)", errors: text() },
    { code: "db.run('  insert into shops (name) values (?)', n)", errors: text() },
    { code: "db.run(\"UPDATE users SET nickname = ? WHERE id = ?\", n, id)", errors: text() },
    { code: "db.run('DELETE FROM tokens WHERE id = ?', id)", errors: text() },
    { code: 'db.all(`\n  WITH recent AS (SELECT * FROM orders) SELECT id FROM recent`)', errors: text() },
    { code: "db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER)')", errors: text() },
    { code: "db.exec('ALTER TABLE shops ADD COLUMN x TEXT')", errors: text() },
    { code: "db.exec('DROP INDEX IF EXISTS i')", errors: text() },
    { code: "db.exec('PRAGMA foreign_keys = ON')", errors: text() },
    { code: "db.exec('BEGIN IMMEDIATE')", errors: text() },
    { code: "db.value('SELECT 1')", errors: text() },
    // A template with holes, and one built with +: read whole.
    { code: 'db.get(`SELECT * FROM ${table} WHERE id = ?`, id)', errors: text() },
    { code: "db.get('SELECT ' + cols + ' FROM shops WHERE id = ?', id)", errors: text() },
    // A statement kept in a constant is still a statement.
    { code: "const PAID = `SELECT p.order_id FROM payments p\n  WHERE p.status = 'paid'`", errors: text() },
    // Kysely's builder and raw entries.
    { code: "await db.kysely.selectFrom('shops').select('name').execute()", errors: builder() },
    { code: "await trx.insertInto('shops').values(v).execute()", errors: builder() },
    { code: "await q.kysely.updateTable('users').set({ a: 1 }).execute()", errors: builder() },
    { code: "await q.kysely.deleteFrom('tokens').execute()", errors: builder() },
    { code: "await db.schema.createTable('t').execute()", errors: builder() },
    { code: "import { CompiledQuery } from 'kysely'\nawait db.executeQuery(CompiledQuery.raw(text))", errors: builder() },
    { code: "import { sql } from 'kysely'\nawait sql`select ${x}`.execute(db)", errors: builder() },
    { code: "handle.pragma('user_version', { simple: true })", errors: builder() },
  ],
}

type Sample = [file: string, code: string]
const STATEMENT = "export const f = (db: { get(t: string): unknown }) => db.get('SELECT name FROM shops WHERE id = 1')\n"
const SAMPLES = {
  domain: ['server/domain/sample.ts', STATEMENT],
  sandbox: ['server/sandbox/sample.ts', STATEMENT],
  script: ['scripts/sample.ts', STATEMENT],
  scriptMjs: ['scripts/sample.mjs', "export const f = (db) => db.exec('DELETE FROM tokens')\n"],
  storageRepo: ['server/storage/repo/sample.ts', STATEMENT],
  storageSeam: ['server/storage/sample.ts', STATEMENT],
  // A database tool named in the allow-list (eslint.config.mjs SQL_OUTSIDE_STORAGE).
  allowedTool: ['scripts/backup.ts', STATEMENT],
  words: ['server/domain/sample.ts', "export const words = { en: 'Select a shop', zh: '选择门店' }\n"],
} satisfies Record<string, Sample>

const LINT_SAMPLES = `
const { ESLint } = require('eslint')
const samples = JSON.parse(require('fs').readFileSync(0, 'utf8'))
// Without the server's type-aware block: the samples are not files of the TypeScript project.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [{ files: ['server/**/*.ts', 'scripts/**/*.ts'], languageOptions: { parserOptions: { project: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/await-thenable': 'off' } }],
})
Promise.all(samples.map(async ([filePath, code]) => {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((m) => m.ruleId + ': ' + m.message)
})).then((out) => process.stdout.write(JSON.stringify(out)))
`

let cases: Array<[name: string, failure: string | null]>
let found: Record<keyof typeof SAMPLES, string[]>

beforeAll(() => {
  cases = JSON.parse(execFileSync(process.execPath, ['-e', RULE_CASES], { cwd: ROOT, input: JSON.stringify(CASES), encoding: 'utf8' })) as typeof cases
  const names = Object.keys(SAMPLES) as Array<keyof typeof SAMPLES>
  const input = JSON.stringify(names.map((n) => [path.join(ROOT, SAMPLES[n][0]), SAMPLES[n][1]]))
  const out = JSON.parse(execFileSync(process.execPath, ['-e', LINT_SAMPLES], { cwd: ROOT, input, encoding: 'utf8' })) as string[][]
  found = Object.fromEntries(names.map((n, i) => [n, out[i]])) as typeof found
}, 120000)

const sql = (list: string[]) => list.filter((m) => m.startsWith('local/no-sql-outside-storage:'))

describe('no SQL outside the storage layer', () => {
  it("the rule's cases: statement text (literal, template, +), Kysely's builder and raw calls fail; sentences and repository calls pass", () => {
    expect(cases).toHaveLength(CASES.valid.length + CASES.invalid.length)
    expect(cases.filter(([, failure]) => failure !== null)).toEqual([])
  })

  it('a statement in the domain, the sandbox or a script fails, saying where it belongs', () => {
    expect(sql(found.domain)).toEqual([expect.stringContaining('write it as a function in server/storage/repo/')])
    expect(sql(found.sandbox)).toHaveLength(1)
    expect(sql(found.script)).toHaveLength(1)
    expect(sql(found.scriptMjs)).toHaveLength(1)
  })

  it('under server/storage, in an allowed database tool, and for ordinary words: nothing', () => {
    expect(sql(found.storageRepo)).toEqual([])
    expect(sql(found.storageSeam)).toEqual([])
    expect(sql(found.allowedTool)).toEqual([])
    expect(sql(found.words)).toEqual([])
  })
})
