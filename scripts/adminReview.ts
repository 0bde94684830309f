/**
 * The operator's commands of issue 43 (docs/api.md "Merchant sign-up", "Staff and invites", "Jobs"), dispatched by
 * scripts/admin.ts on the same database; their own module so that other commands can be added beside them without
 * touching these. Everything printed goes through scripts/adminText.ts (escaped).
 *
 *   free-name N [--why text]     the shop name application N holds goes free: N is rejected on its name, with the words
 *   owner SHOP PHONE             the live account of PHONE becomes SHOP's owner (the owner before, if any, is staff)
 *   jobs                         the review queue: postings with reports waiting, most reported first
 *   job N                        one posting with its waiting reports (and the shop's answers), as JSON
 *   job-keep N                   keep it listed (listed again if hidden): its reports were unfounded
 *   job-hide N                   hide it: no longer listed
 *   referrals                    the contest's referrals held for review (one person's several phones)
 *   referral-count N             count the referral of account N after all (different people)
 *   referral-void N              it never counts
 */
import type { Q } from '../server/storage/query'
import { freeShopName } from '../server/domain/merchant'
import { nameOwner } from '../server/domain/store/staff'
import { hideJob, keepJob, reviewJob, reviewQueue } from '../server/domain/jobs'
import { countHeld, heldReferrals, voidHeld } from '../server/domain/referral'
import { print, row, showableJson, UsageError } from './adminText'

export interface AdminCommand {
  usage: string
  /** Exit code 0 when done; refusals are thrown (BizError: exit 1), usage mistakes too (UsageError: exit 2). */
  run: (db: Q, args: string[]) => Promise<number>
}

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString())

export function numberArg(raw: string | undefined, what: string): number {
  const n = Number(raw)
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`not ${what}: ${raw ?? '(none)'}`)
  return n
}

/** `--name value` pairs (each name at most once) and nothing else. */
export function optionsOf(args: string[], known: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i].replace(/^--/, '')
    if (!args[i].startsWith('--') || !known.includes(name) || args[i + 1] === undefined || name in out) throw new UsageError(`unexpected: ${args.slice(i).join(' ')}`)
    out[name] = args[i + 1]
  }
  return out
}

/** What the applicant reads on the rejected field when the operator gives no words of their own (both languages). */
const FREED_BY_DEFAULT = '该店铺名称已被平台收回，请换一个名称 · This shop name is no longer yours: please choose another'

export const REVIEW_COMMANDS: Readonly<Record<string, AdminCommand>> = {
  'free-name': {
    usage: 'free-name N [--why text]',
    run: async (db, [id, ...rest]) => {
      const n = numberArg(id, 'an application number')
      const why = optionsOf(rest, ['why']).why?.trim() || FREED_BY_DEFAULT
      const app = await freeShopName(db, n, why)
      print(row(`freed "${app.shop_name}" (city ${app.city_id}): application #${n} rejected on its name`))
      return 0
    },
  },
  owner: {
    usage: 'owner SHOP PHONE',
    run: async (db, args) => {
      if (args.length !== 2) throw new UsageError('owner needs a shop number and a phone')
      const shopId = numberArg(args[0], 'a shop number')
      const phone = args[1].trim()
      if (!/^1\d{10}$/.test(phone)) throw new UsageError(`not an 11-digit mobile: ${phone}`)
      const named = await nameOwner(db, shopId, phone)
      const before = named.previous.length > 0 ? `; user ${named.previous.join(', ')} now staff, their open invites withdrawn` : ''
      print(row(`shop ${shopId} "${named.shopName}": owner user ${named.userId}${before}`))
      return 0
    },
  },
  jobs: {
    usage: 'jobs',
    run: async (db, args) => {
      if (args.length > 0) throw new UsageError(`unexpected: ${args.join(' ')}`)
      const queue = await reviewQueue(db)
      if (queue.length === 0) print('no postings waiting for review')
      for (const q of queue) {
        const reasons = Object.entries(q.reasons)
          .map(([r, n]) => `${r} ${n}`)
          .join(', ')
        print(row(`#${q.job_id}`, `${q.reports} report${q.reports === 1 ? '' : 's'} (${reasons})`, `shop ${q.shop_id}`, q.title, q.shop_name, `${q.answered} answered by the shop`, `waiting since ${when(q.first_at)}`, q.closed ? 'closed' : 'listed'))
      }
      return 0
    },
  },
  job: {
    usage: 'job N',
    run: async (db, [id]) => {
      print(showableJson(await reviewJob(db, numberArg(id, 'a posting number'))))
      return 0
    },
  },
  'job-keep': {
    usage: 'job-keep N',
    run: async (db, [id]) => {
      const n = numberArg(id, 'a posting number')
      const kept = await keepJob(db, n)
      print(row(`kept posting #${n}: ${kept.decided} report${kept.decided === 1 ? '' : 's'} found unfounded${kept.shown ? '; listed again' : ''}`))
      return 0
    },
  },
  'job-hide': {
    usage: 'job-hide N',
    run: async (db, [id]) => {
      const n = numberArg(id, 'a posting number')
      const hidden = await hideJob(db, n)
      print(row(`hid posting #${n}: no longer listed; ${hidden.decided} report${hidden.decided === 1 ? '' : 's'} upheld`))
      return 0
    },
  },
  referrals: {
    usage: 'referrals',
    run: async (db, args) => {
      if (args.length > 0) throw new UsageError(`unexpected: ${args.join(' ')}`)
      const held = await heldReferrals(db)
      if (held.length === 0) print('no referrals held for review')
      for (const h of held) print(row(`#${h.referred_id}`, `referred by user ${h.referrer_id}`, `held for: ${h.held_for}`, `order ${h.order_id ?? '-'}`, `paid ${when(h.paid_at === null ? null : Number(h.paid_at))}`))
      return 0
    },
  },
  'referral-count': {
    usage: 'referral-count N',
    run: async (db, [id]) => {
      const n = numberArg(id, 'an account number')
      const done = await countHeld(db, n)
      print(row(done === 'counted' ? `counted the referral of user ${n}` : `the referral of user ${n} is void: its phone was counted before`))
      return 0
    },
  },
  'referral-void': {
    usage: 'referral-void N',
    run: async (db, [id]) => {
      const n = numberArg(id, 'an account number')
      await voidHeld(db, n)
      print(row(`the referral of user ${n} is void`))
      return 0
    },
  },
}
