/**
 * The operator's command (issue 26; docs/api.md "Merchant sign-up"), on the database the server uses (DATABASE_URL's
 * PostgreSQL, else the SQLite file DB_PATH, as server/http/config.ts reads them; it may run while the server does —
 * SQLite's write lock, PostgreSQL's transactions order them):
 *
 *   npm run admin -- applications                              every application, those waiting first
 *   npm run admin -- show N                                    one application (a submitted one becomes "in review")
 *   npm run admin -- approve N                                 create the shop, the applicant its owner
 *   npm run admin -- reject N --field name=why [--field …]     reject, with a reason per field
 *   (issue 43's review commands — free-name, owner, jobs, job, job-keep, job-hide, referrals, referral-count,
 *   referral-void — are in scripts/adminReview.ts)
 *
 * Exit 0 when done, 1 when refused (the reason printed), 2 on a usage mistake.
 */
import { MERCHANT_APPLICATION_FIELDS, type MerchantApplicationField } from '../src/contract/merchantEndpoints'
import { reasonText } from '../src/contract/reasons'
import { readConfig } from '../server/http/config'
import { openDatabase } from '../server/storage/db'
import { openStorage } from '../server/storage/engine'
import { queryOf } from '../server/storage/query'
import { BizError } from '../server/http/envelope'
import { approveApplication, listApplications, rejectApplication, showApplication } from '../server/domain/merchant'
import { clockOffsets, holdClockOffsets } from '../server/storage/repo/settings'
import { attachClock } from '../server/time'
import { print, printError, row, showableJson, UsageError } from './adminText'
import { REVIEW_COMMANDS } from './adminReview'

const USAGE = `usage: npm run admin -- applications | show N | approve N | reject N --field name=why [--field name=why …]
fields: ${MERCHANT_APPLICATION_FIELDS.join(', ')}
${Object.values(REVIEW_COMMANDS)
  .map((c) => `       npm run admin -- ${c.usage}`)
  .join('\n')}`

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString())

function idOf(raw: string | undefined): number {
  const id = Number(raw)
  if (!Number.isInteger(id) || id <= 0) throw new UsageError(`not an application number: ${raw ?? '(none)'}`)
  return id
}

function fieldsOf(args: string[]): Partial<Record<MerchantApplicationField, string>> {
  const out: Partial<Record<MerchantApplicationField, string>> = {}
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--field') throw new UsageError(`unexpected: ${args[i]}`)
    const pair = args[++i] ?? ''
    const eq = pair.indexOf('=')
    const name = pair.slice(0, eq)
    const why = pair.slice(eq + 1).trim()
    if (eq <= 0 || !why || !(MERCHANT_APPLICATION_FIELDS as readonly string[]).includes(name)) throw new UsageError(`--field needs name=why with a known name, got: ${pair}`)
    out[name as MerchantApplicationField] = why
  }
  if (Object.keys(out).length === 0) throw new UsageError('reject needs at least one --field name=why')
  return out
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (!command || !(['applications', 'show', 'approve', 'reject'].includes(command) || Object.prototype.hasOwnProperty.call(REVIEW_COMMANDS, command))) throw new UsageError(`unknown command: ${command ?? '(none)'}`)
  const { dbPath, databaseUrl } = readConfig()
  // On PostgreSQL the SQLite handle is only the seam's stand-in (an empty in-memory database, never read).
  const handle = openDatabase(databaseUrl ? ':memory:' : dbPath)
  const storage = openStorage(handle, databaseUrl ?? '')
  const db = queryOf(storage, handle)
  // The server's clock (server/time.ts): a sandbox move kept in the database stamps the review as the server would
  // (on PostgreSQL read once: the command is over in moments).
  const held = storage.engine === 'postgres' ? await holdClockOffsets(db, 0, () => undefined) : null
  const detachClock = attachClock(held ? held.read : () => clockOffsets(handle))
  try {
    // Issue 43's commands (scripts/adminReview.ts).
    if (Object.prototype.hasOwnProperty.call(REVIEW_COMMANDS, command)) return await REVIEW_COMMANDS[command].run(db, rest, storage)
    if (command === 'applications') {
      const list = await listApplications(db)
      if (list.length === 0) print('no applications')
      // Each field escaped (scripts/adminText.ts): one row per application, whatever its text holds.
      for (const a of list) print(row(`#${a.id}`, a.status, a.shop_name, `city ${a.city_id}`, a.mobile, when(a.updated_at)))
      return 0
    }
    const id = idOf(rest[0])
    if (command === 'show') {
      print(showableJson(await showApplication(db, id)))
      return 0
    }
    if (command === 'approve') {
      const { shopId, application } = await approveApplication(db, id)
      print(row(`approved #${id}: shop ${shopId} "${application.shop_name}", owner user ${application.user_id}`))
      return 0
    }
    const fields = fieldsOf(rest.slice(1))
    await rejectApplication(db, id, fields)
    print(row(`rejected #${id}: ${Object.entries(fields).map(([f, why]) => `${f} (${why})`).join(', ')}`))
    return 0
  } finally {
    detachClock()
    held?.stop()
    await storage.close()
    handle.close()
  }
}

run(process.argv.slice(2)).then((code) => {
  process.exitCode = code
}, (err: unknown) => {
  if (err instanceof UsageError) {
    printError(err.message)
    process.stderr.write(`${USAGE}\n`)
    process.exitCode = 2
  } else if (err instanceof BizError) {
    printError(`refused (${err.reason}): ${reasonText(err.reason, 'en', err.params)}`)
    process.exitCode = 1
  } else throw err
})
