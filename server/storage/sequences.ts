import { CompiledQuery } from 'kysely'
import type { Store } from './engine'

/**
 * PostgreSQL's identity sequences past the ids a table holds (issue 41). A row written with an explicit id — `npm run
 * db:copy` copies every id (server/storage/copy.ts), the seeds insert the reference data and the demo's shops, products
 * and cards by id (server/storage/seed/) — does not move its column's sequence; the next insert without an id would be
 * handed an id already taken. SQLite needs nothing: an INTEGER PRIMARY KEY takes max(id) + 1 (or past AUTOINCREMENT's mark).
 */

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

export interface SequenceOptions {
  /**
   * Past these ids too, per table (SQLite's AUTOINCREMENT high-water mark, `sqlite_sequence`: ids of deleted rows are not
   * handed out again).
   */
  marks?: ReadonlyMap<string, number>
  /**
   * `exact` (a copy into emptied tables): every sequence set to the largest id, an empty table's to start at 1.
   * `forward` (a seed on a database in use): a sequence is only ever moved on, never back below an id it handed out.
   */
  mode: 'exact' | 'forward'
}

/** Every identity column of the current schema, [table, column]. */
async function identityColumns(s: Store): Promise<Array<{ table_name: string; column_name: string }>> {
  const res = await s.executeQuery<{ table_name: string; column_name: string }>(
    CompiledQuery.raw("SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name, column_name"),
  )
  return res.rows
}

/** Sets every identity column's sequence past the largest id in its table (see SequenceOptions); returns how many were looked at. */
export async function moveSequencesPastIds(s: Store, { marks, mode }: SequenceOptions): Promise<number> {
  const columns = await identityColumns(s)
  for (const { table_name: table, column_name: column } of columns) {
    const max = await s.executeQuery<{ m: string | number | null }>(CompiledQuery.raw(`SELECT max(${quote(column)}) AS m FROM ${quote(table)}`))
    const last = Math.max(Number(max.rows[0]?.m ?? 0), marks?.get(table) ?? 0)
    if (mode === 'exact') {
      // setval(seq, last, true): the next value is last + 1; setval(seq, 1, false): the next value is 1.
      await s.executeQuery(CompiledQuery.raw('SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)', [quote(table), column, Math.max(last, 1), last > 0]))
    } else if (last > 0) {
      // pg_sequence_last_value: null while the sequence has handed out nothing (its next value is its start, 1).
      await s.executeQuery(
        CompiledQuery.raw('SELECT setval(pg_get_serial_sequence($1, $2), $3) WHERE $3 > COALESCE(pg_sequence_last_value(pg_get_serial_sequence($1, $2)), 0)', [quote(table), column, last]),
      )
    }
  }
  return columns.length
}

/** The next id each identity column would be handed, with the largest id its table holds (a test's look at the above). */
export async function identityHeadroom(s: Store): Promise<Array<{ table: string; column: string; max: number; next: number }>> {
  const out: Array<{ table: string; column: string; max: number; next: number }> = []
  for (const { table_name: table, column_name: column } of await identityColumns(s)) {
    const max = await s.executeQuery<{ m: string | number | null }>(CompiledQuery.raw(`SELECT max(${quote(column)}) AS m FROM ${quote(table)}`))
    const seq = await s.executeQuery<{ last: string | number | null }>(CompiledQuery.raw('SELECT pg_sequence_last_value(pg_get_serial_sequence($1, $2)) AS last', [quote(table), column]))
    const last = seq.rows[0]?.last
    out.push({ table, column, max: Number(max.rows[0]?.m ?? 0), next: last === null || last === undefined ? 1 : Number(last) + 1 })
  }
  return out
}
