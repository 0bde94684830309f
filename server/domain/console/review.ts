import type { Q } from '../../storage/query'
import { lockRow } from '../../storage/query'
import type { ApiLang } from '../../../src/contract/common'
import type { ConsoleNameReview, ConsolePerson, ConsoleQueuedJob, NameOwnerAnswer, ShopOwnerAnswer } from '../../../src/contract/console'
import * as repo from '../../storage/repo/consoleReview'
import * as jobStore from '../../storage/repo/jobs'
import { approveName, rejectName } from '../store/profile'
import { hideJobIn, keepJobIn, queuedJobs, reviewJobIn } from '../jobs'
import { nameOwner } from '../store/staff'
import { maskPhone } from '../store/store'
import { nicknameIn, named } from '../names'
import { refuse } from '../refusal'
import { recordAudit } from './audit'
import { fmt } from '../../time'

/**
 * The console's reviews (issue 45, d45-decide; docs/api.md "Console: reviews"): shop name changes, reported job postings
 * and a shop's owner. Each decision is the merchant domain's own function — the one `npm run admin` runs
 * (scripts/admin.ts names / name-approve / name-reject, scripts/adminReview.ts jobs / job-keep / job-hide / owner) —
 * called inside the console's transaction, which also writes the audit row (before, after, the reason): both commit or
 * neither. A decided item is never decided twice: a name already decided is `shop_name_review_decided` (a conditional
 * update on `pending`), a posting without undecided reports `job_not_queued`, a shop whose owner is no longer the one
 * the reviewer saw `console_owner_changed` — also when two reviewers decide at the same moment (PostgreSQL: the
 * posting's and the shop's row locks, the names' SERIALIZABLE transaction; SQLite: one writer at a time).
 */

const personOf = (lang: ApiLang, r: { user_id: number; nickname: string; phone: string }): ConsolePerson => ({ user_id: Number(r.user_id), nickname: nicknameIn(lang, r.nickname), phone_masked: maskPhone(r.phone) })

const nameReviewOf = (lang: ApiLang, r: repo.NameReviewLine): ConsoleNameReview => ({
  id: Number(r.id),
  shop_id: Number(r.shop_id),
  shop_name: r.current_name,
  city: named(lang, r.city),
  name: r.name,
  status: r.status,
  requested_by: personOf(lang, { user_id: r.requested_by, nickname: r.nickname, phone: r.phone }),
  requested_at_text: fmt(Number(r.requested_at)),
  decided_at_text: r.decided_at === null ? null : fmt(Number(r.decided_at)),
  reason: r.reason,
})

// ——— Shop names ———

export async function namesPage(db: Q, lang: ApiLang, page: number, pageSize: number) {
  const { rows, total, waiting } = await repo.nameReviewPage(db, pageSize, (page - 1) * pageSize)
  return { list: rows.map((r) => nameReviewOf(lang, r)), total, page, page_size: pageSize, waiting_total: waiting }
}

/** Approve (the shop takes the name; shoppers read it at its next read) or reject with the words the merchant reads. */
export async function decideName(db: Q, operatorId: number, lang: ApiLang, id: number, verdict: { approve: true; reason: string | null } | { approve: false; reason: string }): Promise<{ review: ConsoleNameReview }> {
  return db.transaction('serializable', async (db) => {
    const before = await repo.nameReviewLine(db, id)
    if (!before) throw refuse('shop_name_review_not_found')
    if (verdict.approve) await approveName(db, id)
    else await rejectName(db, id, verdict.reason)
    const after = (await repo.nameReviewLine(db, id)) as repo.NameReviewLine
    const snapshot = (r: repo.NameReviewLine) => ({ shop_id: Number(r.shop_id), shop_name: r.current_name, name: r.name, status: r.status, reason: r.reason })
    await recordAudit(db, operatorId, { action: verdict.approve ? 'review.nameApprove' : 'review.nameReject', target_kind: 'shop_name_review', target_id: id, before: snapshot(before), after: snapshot(after), reason: verdict.reason })
    return { review: nameReviewOf(lang, after) }
  })
}

// ——— Reported job postings ———

export async function jobsPage(db: Q, page: number, pageSize: number) {
  const queue = await queuedJobs(db)
  const slice = queue.slice((page - 1) * pageSize, page * pageSize)
  const list: ConsoleQueuedJob[] = []
  for (const q of slice) {
    const job = await reviewJobIn(db, q.job_id)
    const phones = await repo.phonesOf(db, [...new Set(job.reports.map((r) => Number(r.user_id)))])
    list.push({
      job_id: q.job_id,
      title: job.title,
      category: job.category,
      salary_min: job.salary_min,
      salary_max: job.salary_max,
      requirements: job.requirements,
      shop_id: q.shop_id,
      shop_name: q.shop_name,
      state: job.state,
      first_at_text: fmt(q.first_at),
      reports: job.reports.map((r) => ({
        id: Number(r.id),
        reason: r.reason,
        note: r.note,
        reporter_phone: maskPhone(phones.get(Number(r.user_id)) ?? ''),
        created_at_text: fmt(Number(r.created_at)),
        answer: r.answer,
        answered_at_text: r.answered_at === null ? null : fmt(Number(r.answered_at)),
      })),
    })
  }
  return { list, total: queue.length, page, page_size: pageSize }
}

/** Keep (listed; its reports unfounded) or hide (no longer listed) a posting the queue showed. */
export async function decideJob(db: Q, operatorId: number, id: number, hide: boolean, reason: string) {
  // READ COMMITTED after the posting's row lock (taken by keepJobIn / hideJobIn, as the command line's).
  return db.transaction('read committed', async (db) => {
    const state = async () => {
      const row = await jobStore.jobById(db, id)
      return row ? { hidden: row.hidden_at !== null, undecided_reports: (await jobStore.undecidedReportsOf(db, id)).length } : null
    }
    const before = await state()
    if (!before) throw refuse('job_not_found')
    const decided = hide ? (await hideJobIn(db, id, { queuedOnly: true })).decided : (await keepJobIn(db, id, { queuedOnly: true })).decided
    const after = await state()
    await recordAudit(db, operatorId, { action: hide ? 'review.jobHide' : 'review.jobKeep', target_kind: 'job', target_id: id, before, after: { ...after, decided }, reason })
    return { job_id: id, decided, hidden: after?.hidden ?? hide }
  })
}

// ——— A shop's owner ———

export async function ownerlessPage(db: Q, lang: ApiLang, page: number, pageSize: number) {
  const { rows, total } = await repo.ownerlessShops(db, pageSize, (page - 1) * pageSize)
  return { list: rows.map((r) => ({ ...r, city: named(lang, r.city) })), total, page, page_size: pageSize }
}

export async function shopOwner(db: Q, lang: ApiLang, shopId: number): Promise<ShopOwnerAnswer> {
  const shop = await repo.shopWithStaff(db, shopId)
  if (!shop) throw refuse('shop_not_found')
  const [owner] = await repo.liveOwnersOf(db, shopId)
  return { shop: { id: Number(shop.id), name: shop.name, city: named(lang, shop.city) }, owner: owner ? personOf(lang, owner) : null, staff: Number(shop.staff) }
}

/**
 * Names the owner (nameOwner, as `npm run admin -- owner`): refused `console_owner_changed` when the shop's live owner is
 * no longer `ownerBefore` (the one the reviewer saw; null: none). The shop's row is locked first (PostgreSQL), so two
 * reviewers naming at once go one after the other and the second is told.
 */
export async function decideOwner(db: Q, operatorId: number, lang: ApiLang, input: { shop_id: number; phone: string; owner_before: number | null; reason: string }): Promise<NameOwnerAnswer> {
  return db.transaction('serializable', async (db) => {
    await lockRow(db, 'shops', input.shop_id)
    const before = await shopOwner(db, lang, input.shop_id)
    if ((before.owner?.user_id ?? null) !== input.owner_before) throw refuse('console_owner_changed')
    const named = await nameOwner(db, input.shop_id, input.phone)
    const after = await shopOwner(db, lang, input.shop_id)
    const snapshot = (a: ShopOwnerAnswer) => ({ shop_id: a.shop.id, owner_user_id: a.owner?.user_id ?? null, staff: a.staff })
    await recordAudit(db, operatorId, { action: 'review.nameOwner', target_kind: 'shop', target_id: input.shop_id, before: snapshot(before), after: { ...snapshot(after), previous_owners_now_staff: named.previous }, reason: input.reason })
    return { ...after, previous: named.previous }
  })
}
