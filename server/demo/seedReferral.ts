import type { Q } from '../storage/query'
import type { Prize } from '../domain/referral'
import * as repo from '../storage/repo/referral'
import { businessMidnight, nowMs } from '../time'

const DAY = 86_400_000

export const DEMO_PRIZES: Prize[] = [
  { rank_from: 1, rank_to: 1, zh: '金卡会员一年', en: 'Gold card, one year' },
  { rank_from: 2, rank_to: 3, zh: '银卡会员三个月', en: 'Silver card, three months' },
  { rank_from: 4, rank_to: 10, zh: '20 元代金券', en: '¥20 voucher' },
]

/** The demo contest's minimum purchase (cents): a referral counts for a kept purchase of ¥20 or more (issue 43). */
export const DEMO_MIN_AMOUNT = 2000

/**
 * The demo contest, relative to the business day it is seeded on: from three days before today's midnight to eleven
 * days after. When every contest has ended (a database kept for weeks), the next one is added the same way.
 */
export async function seedReferralContest(q: Q, now = nowMs()): Promise<void> {
  if (await repo.contestEndingAfter(q, now)) return
  const midnight = businessMidnight(now).valueOf()
  await repo.insertContest(q, { title: '邀请好友排位赛', title_en: 'Invite-a-friend contest', start_at: midnight - 3 * DAY, end_at: midnight + 11 * DAY, prizes: JSON.stringify(DEMO_PRIZES), min_amount: DEMO_MIN_AMOUNT })
}
