/**
 * One "operator" of merchant.test.ts's race: opens the shared database file, says ready, waits for the go file (a
 * bounded spin, so every worker starts at once), says go, approves the application and prints the outcome as one
 * JSON line.
 * argv: dbPath applicationId goFile [databaseUrl] — with a databaseUrl, on that PostgreSQL database (dbPath unused).
 */
import fs from 'node:fs'
import { openDatabaseOf } from '../../server/storage/query'
import { BizError } from '../../server/http/envelope'
import { approveApplication } from '../../server/domain/merchant'

const [dbPath, rawId, goFile, databaseUrl] = process.argv.slice(2)
const { sqlite: db, storage, q } = openDatabaseOf(dbPath, databaseUrl)

async function main(): Promise<void> {
  // Connected before "ready" (PostgreSQL's pool opens its connection at the first query): every worker then starts its
  // approval at once.
  await q.value('SELECT 1 AS one')
  process.stdout.write('ready\n')
  const deadline = Date.now() + 20_000
  while (!fs.existsSync(goFile)) {
    if (Date.now() > deadline) throw new Error('no go file')
  }
  process.stdout.write('go\n')
  try {
    const { shopId } = await approveApplication(q, Number(rawId))
    process.stdout.write(`${JSON.stringify({ shopId })}\n`)
  } catch (err) {
    if (!(err instanceof BizError)) throw err
    process.stdout.write(`${JSON.stringify({ refused: err.reason })}\n`)
  } finally {
    await storage.close()
    db?.close()
  }
}

void main()
