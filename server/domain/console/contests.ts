import type { Q } from '../../storage/query'
import * as repo from '../../storage/repo/consoleDays'
import type { ContestStored } from '../../storage/repo/consoleDays'
import { standings } from '../../storage/repo/referral'
import type { ConsoleContest, ContestPrize, ReferralIndexAnswer, ReferralStandingsAnswer } from '../../../src/contract/console'
import { refuse } from '../refusal'
import { fmt, nowMs, parseText } from '../../time'

/**
 * Referral contests in the operator's console (issue 45; the contest's rules: server/domain/referral.ts). What decides
 * who qualifies: a referral counts for a kept purchase of at least the contest's minimum, PAID between its start and its
 * end. The shoppers' board (and the minimum a purchase is held to) reads the contest on now — so one contest at a time:
 * a period that meets another's is refused (`console_contest_overlap`). Once a contest has begun, its start and minimum
 * have decided purchases already: they stay (`console_contest_rule_locked`); its end may move, never into the past (an
 * early end is `end`, at once); its titles and prizes may change. An ended contest is closed (`console_contest_ended`).
 * Shoppers read the rows on every call: a write shows at their next call.
 */

export interface ContestFields {
  title: string
  title_en: string
  start: string
  end: string
  prizes: ContestPrize[]
  min_amount: number
}

const stateOf = (c: ContestStored, now: number): ConsoleContest['state'] => (now < c.start_at ? 'upcoming' : now >= c.end_at ? 'ended' : 'on')

export async function contestOf(db: Q, c: ContestStored, now = nowMs()): Promise<ConsoleContest> {
  const rows = await standings(db, c.start_at, c.end_at)
  return {
    id: c.id,
    title: c.title,
    title_en: c.title_en,
    start_at: c.start_at,
    end_at: c.end_at,
    start_time: fmt(c.start_at),
    end_time: fmt(c.end_at),
    state: stateOf(c, now),
    prizes: (JSON.parse(c.prizes) as ContestPrize[]).map((p) => ({ rank_from: p.rank_from, rank_to: p.rank_to, zh: p.zh, en: p.en })),
    min_amount: c.min_amount,
    counted: rows.reduce((n, r) => n + r.n, 0),
    referrers: rows.length,
  }
}

export async function contestIndex(db: Q): Promise<ReferralIndexAnswer> {
  const now = nowMs()
  const list = []
  for (const c of await repo.contests(db)) list.push(await contestOf(db, c, now))
  return { list, now, now_text: fmt(now) }
}

/** A stated minute ("YYYY-MM-DD HH:mm") still running is now; one before it is past. */
const isPast = (ms: number, now: number) => ms + 60_000 <= now

export async function saveContest(db: Q, id: number | undefined, f: ContestFields): Promise<{ before: ContestStored | null; after: ContestStored }> {
  const now = nowMs()
  const start = parseText(f.start).valueOf()
  const end = parseText(f.end).valueOf()
  if (end <= start) throw refuse('console_contest_period_invalid')
  const before = id === undefined ? null : ((await repo.contest(db, id)) ?? null)
  if (id !== undefined && !before) throw refuse('console_contest_not_found')
  const prizes = JSON.stringify(f.prizes.map((p) => ({ rank_from: p.rank_from, rank_to: p.rank_to, zh: p.zh, en: p.en })))
  let row: Omit<ContestStored, 'id'>
  if (before && stateOf(before, now) === 'ended') throw refuse('console_contest_ended')
  if (before && stateOf(before, now) === 'on') {
    // Begun: its start and minimum have decided who qualified so far.
    if (start !== before.start_at || f.min_amount !== before.min_amount) throw refuse('console_contest_rule_locked')
    if (end !== before.end_at && isPast(end, now)) throw refuse('console_contest_time_past')
    row = { title: f.title, title_en: f.title_en, start_at: before.start_at, end_at: Math.max(end, now), prizes, min_amount: before.min_amount }
  } else {
    if (isPast(start, now)) throw refuse('console_contest_time_past')
    row = { title: f.title, title_en: f.title_en, start_at: Math.max(start, now), end_at: end, prizes, min_amount: f.min_amount }
  }
  const other = await repo.overlapping(db, row.start_at, row.end_at, id ?? null)
  if (other) throw refuse('console_contest_overlap', { from: fmt(other.start_at).slice(0, 16), to: fmt(other.end_at).slice(0, 16) })
  if (!before) {
    const newId = await repo.insertContest(db, row)
    return { before: null, after: (await repo.contest(db, newId)) as ContestStored }
  }
  await repo.updateContest(db, { ...row, id: before.id })
  return { before, after: (await repo.contest(db, before.id)) as ContestStored }
}

/** End a running contest now: purchases paid from now on no longer count for it. */
export async function endContest(db: Q, id: number): Promise<{ before: ContestStored; after: ContestStored }> {
  const now = nowMs()
  const before = await repo.contest(db, id)
  if (!before) throw refuse('console_contest_not_found')
  if (stateOf(before, now) !== 'on') throw refuse('console_contest_not_running')
  await repo.updateContest(db, { ...before, end_at: now })
  return { before, after: (await repo.contest(db, id)) as ContestStored }
}

export async function contestStandings(db: Q, q: { id: number; page: number; page_size: number }): Promise<ReferralStandingsAnswer> {
  const c = await repo.contest(db, q.id)
  if (!c) throw refuse('console_contest_not_found')
  const rows = await standings(db, c.start_at, c.end_at)
  const from = (q.page - 1) * q.page_size
  return {
    contest: await contestOf(db, c),
    list: rows.slice(from, from + q.page_size).map((r, i) => ({ rank: from + i + 1, user_id: Number(r.user_id), nickname: r.nickname, hidden: r.hidden === 1, count: r.n })),
    total: rows.length,
    page: q.page,
    page_size: q.page_size,
  }
}
