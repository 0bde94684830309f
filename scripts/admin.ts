/**
 * The operator's command (issue 26; issue 40: what a production database needs before the operator's console exists —
 * docs/going-live.md "Setting up the database"), on the database the server uses (DATABASE_URL's PostgreSQL, else the
 * SQLite file DB_PATH, as server/http/config.ts reads them; it may run while the server does — SQLite's write lock,
 * PostgreSQL's transactions order them):
 *
 *   npm run admin -- applications                              every merchant application, those waiting first
 *   npm run admin -- show N                                    one application (a submitted one becomes "in review")
 *   npm run admin -- approve N                                 create the shop, the applicant its owner
 *   npm run admin -- reject N --field name=why [--field …]     reject, with a reason per field
 *   npm run admin -- shops                                     every shop: owner, staff, WeChat Pay sub-merchant id
 *   npm run admin -- shop-sub-mchid N ID | --clear             a shop's WeChat Pay sub-merchant id (service-provider mode)
 *   npm run admin -- cards                                     every membership card product, on sale or not
 *   npm run admin -- card-create --name NAME --level L --price YUAN --days D --rate PERCENT [--benefit TEXT …]
 *   npm run admin -- card-price N YUAN                         a new price for new purchases
 *   npm run admin -- card-disable N | card-enable N            withdraw a card product (cards bought stay valid) / sell it again
 *   (issue 43's review commands — free-name, owner, jobs, job, job-keep, job-hide, referrals, referral-count,
 *   referral-void — are in scripts/adminReview.ts)
 *
 * Shop names (issue 44: an owner's new name waits for the operator; the shop keeps its name until approved):
 *   npm run admin -- names [--all]                             names waiting for review (--all: the decided ones too)
 *   npm run admin -- name-approve N                            the shop takes the name
 *   npm run admin -- name-reject N --why TEXT                  the shop keeps its name; its owner reads why
 *
 * The console's operators (issue 45; scripts/adminOperators.ts):
 *   npm run admin -- operator-add USERNAME NAME ROLE [--password-stdin]   the first administrator (TOTP secret printed once)
 *
 * Exit 0 when done, 1 when refused (the reason printed), 2 on a usage mistake.
 */
import { MERCHANT_APPLICATION_FIELDS, type MerchantApplicationField } from '../src/contract/merchantEndpoints'
import { reasonText } from '../src/contract/reasons'
import { readDatabaseConfig } from '../server/http/config'
import { openDatabaseOf } from '../server/storage/query'
import { BizError } from '../server/http/envelope'
import { ConfigError, type Env } from '../server/env'
import { approveApplication, listApplications, rejectApplication, showApplication } from '../server/domain/merchant'
import { CARD_LIMITS, createCardProduct, listCardProducts, listShops, NoSubMchidColumn, priceCardProduct, setCardProductOnSale, setShopSubMchid, type NewCardProduct } from '../server/domain/operator'
import { clockSource } from '../server/storage/repo/settings'
import { approveName, listNameReviews, rejectName } from '../server/domain/store/profile'
import { attachClock } from '../server/time'
import { row, showableJson, UsageError } from './adminText'
import { REVIEW_COMMANDS } from './adminReview'
import { addOperator, firstLineOfStdin, OPERATOR_USAGE, operatorArgsOf } from './adminOperators'

const USAGE = `usage: npm run admin -- COMMAND
  applications | show N | approve N | reject N --field name=why [--field name=why …]
  shops | shop-sub-mchid N SUB_MCHID | shop-sub-mchid N --clear
  cards | card-create --name NAME --level 1-9 --price YUAN --days DAYS --rate PERCENT [--benefit TEXT …]
  card-price N YUAN | card-disable N | card-enable N
  names [--all] | name-approve N | name-reject N --why TEXT
  ${OPERATOR_USAGE}
application fields: ${MERCHANT_APPLICATION_FIELDS.join(', ')}
--rate: the percent a member pays at partner shops (95 = a further 5 % off; 100 = none)
reviews (issue 43):
${Object.values(REVIEW_COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}`

/** Shop names (issue 44): the owners' new names waiting for the operator (section below). */
const NAME_COMMANDS = ['names', 'name-approve', 'name-reject'] as const

const COMMANDS = ['applications', 'show', 'approve', 'reject', 'shops', 'shop-sub-mchid', 'cards', 'card-create', 'card-price', 'card-disable', 'card-enable', ...NAME_COMMANDS, 'operator-add']

/** Issue 43's review commands (scripts/adminReview.ts). */
const isReview = (command: string) => Object.prototype.hasOwnProperty.call(REVIEW_COMMANDS, command)

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString())

function idOf(raw: string | undefined, what = 'an application number'): number {
  const id = Number(raw)
  if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw new UsageError(`not ${what}: ${raw ?? '(none)'}`)
  return id
}

/** Yuan as typed ("199", "199.9", "199.00") to fen, exactly (no floating point). */
function fenOf(raw: string | undefined): number {
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(raw ?? '')
  if (!m) throw new UsageError(`not a price in yuan (199 or 199.00): ${raw ?? '(none)'}`)
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  if (fen < CARD_LIMITS.price[0] || fen > CARD_LIMITS.price[1]) throw new UsageError(`a price from ¥0.01 to ¥${CARD_LIMITS.price[1] / 100}: ${raw}`)
  return fen
}

const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`

/** --name value pairs (a repeated --benefit collects); anything else is a usage mistake. */
function optionsOf(args: string[], known: readonly string[], repeated: readonly string[] = []): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (let i = 0; i < args.length; i++) {
    const name = args[i].startsWith('--') ? args[i].slice(2) : ''
    if (!known.includes(name)) throw new UsageError(`unexpected: ${args[i]}`)
    const value = args[++i]
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`)
    if (out.has(name) && !repeated.includes(name)) throw new UsageError(`--${name} given twice`)
    out.set(name, [...(out.get(name) ?? []), value])
  }
  return out
}

function wholeIn(raw: string | undefined, name: string, [min, max]: readonly [number, number]): number {
  const n = Number(raw)
  if (!raw || !/^\d+$/.test(raw) || n < min || n > max) throw new UsageError(`--${name}: a whole number from ${min} to ${max}, got ${raw ?? '(none)'}`)
  return n
}

/** card-create's options, checked: every mistake is a usage mistake (exit 2), nothing written. */
function cardOf(args: string[]): NewCardProduct {
  const o = optionsOf(args, ['name', 'level', 'price', 'days', 'rate', 'benefit'], ['benefit'])
  for (const required of ['name', 'level', 'price', 'days', 'rate']) if (!o.has(required)) throw new UsageError(`card-create needs --${required}`)
  const name = (o.get('name')?.[0] ?? '').trim()
  if (!name || Array.from(name).length > CARD_LIMITS.name) throw new UsageError(`--name: 1 to ${CARD_LIMITS.name} characters`)
  const benefits = (o.get('benefit') ?? []).map((b) => b.trim())
  if (benefits.length > CARD_LIMITS.benefits || benefits.some((b) => !b || Array.from(b).length > CARD_LIMITS.benefit)) {
    throw new UsageError(`--benefit: at most ${CARD_LIMITS.benefits}, each 1 to ${CARD_LIMITS.benefit} characters`)
  }
  return {
    name,
    level: wholeIn(o.get('level')?.[0], 'level', CARD_LIMITS.level),
    price: fenOf(o.get('price')?.[0]),
    days: wholeIn(o.get('days')?.[0], 'days', CARD_LIMITS.days),
    member_rate: wholeIn(o.get('rate')?.[0], 'rate', CARD_LIMITS.member_rate),
    benefits,
  }
}

/** A WeChat Pay merchant id (a sub-merchant's too): digits. */
const SUB_MCHID = /^\d{8,12}$/

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

// ——— Shop names (issue 44): the owners' new names, waiting for the operator (server/domain/store/profile.ts) ———

/** The operator's words to the owner: 1 to 200 characters. */
const NAME_WHY_MAX = 200

type NameArgs = { command: 'names'; all: boolean } | { command: 'name-approve'; id: number } | { command: 'name-reject'; id: number; why: string }

/** The names commands' arguments, checked before the database is opened (a usage mistake writes nothing). */
function nameArgsOf(command: string, rest: string[]): NameArgs {
  if (command === 'names') {
    if (rest.length > 1 || (rest.length === 1 && rest[0] !== '--all')) throw new UsageError(`names takes only --all, got: ${rest.join(' ')}`)
    return { command, all: rest[0] === '--all' }
  }
  const id = idOf(rest[0], 'a name review number')
  if (command === 'name-approve') {
    if (rest.length > 1) throw new UsageError(`unexpected: ${rest.slice(1).join(' ')}`)
    return { command, id }
  }
  const o = optionsOf(rest.slice(1), ['why'])
  const why = (o.get('why')?.[0] ?? '').trim()
  if (!why || Array.from(why).length > NAME_WHY_MAX) throw new UsageError(`name-reject needs --why with 1 to ${NAME_WHY_MAX} characters`)
  return { command: 'name-reject', id, why }
}

async function runNames(db: Parameters<typeof listNameReviews>[0], args: NameArgs, out: (line: string) => void): Promise<void> {
  if (args.command === 'names') {
    const list = await listNameReviews(db, args.all)
    if (list.length === 0) out(args.all ? 'no name requests' : 'no names waiting for review')
    for (const r of list) out(`#${r.id}\t${r.status}\tshop ${r.shop_id}\t${r.current_name} → ${r.name}\t${r.city}\t${r.requested_at}${r.reason ? `\t(${r.reason})` : ''}`)
    return
  }
  if (args.command === 'name-approve') {
    const r = await approveName(db, args.id)
    out(`approved #${r.id}: shop ${r.shop_id} is now "${r.name}"`)
    return
  }
  const r = await rejectName(db, args.id, args.why)
  out(`rejected #${r.id}: shop ${r.shop_id} keeps "${r.current_name}" (${args.why})`)
}

/** Where the command writes (the terminal; a test's buffers). */
export interface AdminIo {
  out: (line: string) => void
  err: (line: string) => void
  /** The first line of stdin (operator-add --password-stdin; a test gives its own). */
  input?: () => Promise<string>
}

/**
 * The command on `argv` against the database `env` names; its exit code (0 done, 1 refused, 2 usage). What it prints goes
 * to `io` (scripts/admin.ts run by npm: the terminal).
 */
export async function runAdmin(argv: string[], env: Env = process.env, io: AdminIo = { out: (l) => console.log(l), err: (l) => console.error(l) }): Promise<number> {
  try {
    return await run(argv, env, io.out, io.input ?? firstLineOfStdin)
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n${USAGE}`)
      return 2
    }
    if (err instanceof BizError) {
      io.err(`refused (${err.reason}): ${reasonText(err.reason, 'en', err.params)}`)
      return 1
    }
    if (err instanceof ConfigError) {
      io.err(err.message)
      return 2
    }
    if (err instanceof NoSubMchidColumn) {
      io.err(`refused: ${err.message}`)
      return 1
    }
    throw err
  }
}

async function run(argv: string[], env: Env, out: (line: string) => void, input: () => Promise<string>): Promise<number> {
  const [command, ...rest] = argv
  if (!command || !(COMMANDS.includes(command) || isReview(command))) throw new UsageError(`unknown command: ${command ?? '(none)'}`)
  // Arguments are checked before the database is opened: a usage mistake writes nothing.
  const card = command === 'card-create' ? cardOf(rest) : null
  if (command === 'card-price') fenOf(rest[1])
  if (command === 'shop-sub-mchid' && rest[1] !== '--clear' && !SUB_MCHID.test(rest[1] ?? '')) throw new UsageError(`not a WeChat Pay sub-merchant id (8 to 12 digits), or --clear: ${rest[1] ?? '(none)'}`)
  const nameArgs = (NAME_COMMANDS as readonly string[]).includes(command) ? nameArgsOf(command, rest) : null
  const operatorArgs = command === 'operator-add' ? operatorArgsOf(rest) : null
  const { dbPath, databaseUrl } = readDatabaseConfig(env)
  const { sqlite: handle, storage, q: db } = openDatabaseOf(dbPath, databaseUrl)
  // The server's clock (server/time.ts): a sandbox move kept in the database stamps the review as the server would
  // (on PostgreSQL read once: the command is over in moments).
  const clock = await clockSource(handle, db, 0, () => undefined)
  const detachClock = attachClock(clock.read)
  try {
    // Issue 43's commands (scripts/adminReview.ts).
    if (Object.prototype.hasOwnProperty.call(REVIEW_COMMANDS, command)) return await REVIEW_COMMANDS[command].run(db, rest)
    if (command === 'applications') {
      const list = await listApplications(db)
      if (list.length === 0) out('no applications')
      // Each field escaped (scripts/adminText.ts): one row per application, whatever its text holds.
      for (const a of list) out(row(`#${a.id}`, a.status, a.shop_name, `city ${a.city_id}`, a.mobile, when(a.updated_at)))
      return 0
    }
    if (command === 'shops') {
      const list = await listShops(db)
      if (list.length === 0) out('no shops')
      for (const s of list) {
        const mchid = 'wxpay_sub_mchid' in s ? `\tsub_mchid ${s.wxpay_sub_mchid ?? '-'}` : ''
        out(`#${s.id}\t${s.name}\t${s.city}\t${s.class_name}\towner ${s.owner_phone ?? '-'}\tstaff ${s.staff}${mchid}`)
      }
      return 0
    }
    if (command === 'cards') {
      const list = await listCardProducts(db)
      if (list.length === 0) out('no card products (card-create adds one)')
      for (const c of list) out(`#${c.id}\tlevel ${c.level}\t${c.name}\t${yuan(c.price)}\t${c.days} days\trate ${c.member_rate}\t${c.on_sale ? 'on sale' : 'OFF SALE'}\t${c.benefits.join(' / ')}`)
      return 0
    }
    if (card) {
      const id = await createCardProduct(db, card)
      out(`created card product #${id}: ${card.name}, level ${card.level}, ${yuan(card.price)} for ${card.days} days, rate ${card.member_rate}, on sale`)
      return 0
    }
    if (command === 'card-price') {
      const c = await priceCardProduct(db, idOf(rest[0], 'a card product number'), fenOf(rest[1]))
      out(`card product #${c.id} ${c.name}: now ${yuan(c.price)} (orders already made keep their price)`)
      return 0
    }
    if (command === 'card-disable' || command === 'card-enable') {
      const c = await setCardProductOnSale(db, idOf(rest[0], 'a card product number'), command === 'card-enable')
      out(`card product #${c.id} ${c.name}: ${c.on_sale ? 'on sale' : 'off sale (no longer listed or sold; cards bought stay valid)'}`)
      return 0
    }
    if (operatorArgs) return await addOperator(db, operatorArgs, input, out)
    if (nameArgs) {
      await runNames(db, nameArgs, out)
      return 0
    }
    if (command === 'shop-sub-mchid') {
      const shopId = idOf(rest[0], 'a shop number')
      const value = rest[1] === '--clear' ? null : (rest[1] as string)
      await setShopSubMchid(db, shopId, value)
      out(value ? `shop #${shopId}: WeChat Pay sub-merchant ${value}` : `shop #${shopId}: no WeChat Pay sub-merchant`)
      return 0
    }
    const id = idOf(rest[0])
    if (command === 'show') {
      out(showableJson(await showApplication(db, id)))
      return 0
    }
    if (command === 'approve') {
      const { shopId, application } = await approveApplication(db, id)
      out(row(`approved #${id}: shop ${shopId} "${application.shop_name}", owner user ${application.user_id}`))
      return 0
    }
    const fields = fieldsOf(rest.slice(1))
    await rejectApplication(db, id, fields)
    out(row(`rejected #${id}: ${Object.entries(fields).map(([f, why]) => `${f} (${why})`).join(', ')}`))
    return 0
  } finally {
    detachClock()
    clock.stop()
    await storage.close()
    handle?.close()
  }
}

// Run as a command (npm run admin); imported (a test), it only defines runAdmin.
if (require.main === module) {
  runAdmin(process.argv.slice(2)).then((code) => {
    process.exitCode = code
  })
}
