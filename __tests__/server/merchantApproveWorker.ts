/**
 * One "operator" of merchant.test.ts's race: opens the shared database file, says ready, waits for the go file (a
 * bounded spin, so every worker starts at once), says go, approves the application and prints the outcome as one
 * JSON line.
 * argv: dbPath applicationId goFile
 */
import fs from 'node:fs'
import { openDatabase } from '../../server/storage/db'
import { sqliteQuery } from '../../server/storage/query'
import { BizError } from '../../server/http/envelope'
import { approveApplication } from '../../server/domain/merchant'

const [dbPath, rawId, goFile] = process.argv.slice(2)
const db = openDatabase(dbPath)
process.stdout.write('ready\n')
const deadline = Date.now() + 20_000
while (!fs.existsSync(goFile)) {
  if (Date.now() > deadline) throw new Error('no go file')
}
process.stdout.write('go\n')
approveApplication(sqliteQuery(db), Number(rawId)).then(
  ({ shopId }) => process.stdout.write(`${JSON.stringify({ shopId })}\n`),
  (err: unknown) => {
    if (!(err instanceof BizError)) throw err
    process.stdout.write(`${JSON.stringify({ refused: err.reason })}\n`)
  },
).finally(() => db.close())
