import type { Generated } from 'kysely'

/** The referral contest's tables on the storage seam (server/storage/referral.ts; schema: server/storage/db.ts, issue 26). Instants are ms. */
export interface ReferralTables {
  referral_contests: ReferralContestsTable
  referrals: ReferralsTable
  referral_phones: ReferralPhonesTable
  referral_hidden: ReferralHiddenTable
  referral_identities: ReferralIdentitiesTable
}

export interface ReferralContestsTable {
  id: Generated<number>
  title: string
  title_en: string
  start_at: number
  end_at: number
  /** JSON: the prizes (server/domain/referral.ts Prize[]). */
  prizes: string
  /** The least a purchase must cost (cents, the amount paid) to count a referral (issue 43). */
  min_amount: Generated<number>
}

export interface ReferralsTable {
  referred_id: number
  referrer_id: number
  phone_hash: string
  bound_at: number
  state: Generated<'pending' | 'confirmed' | 'void'>
  /** When counted: the qualifying purchase's payment time (the contest counts by it). */
  confirmed_at: number | null
  /** The qualifying purchase: while pending, the one waiting to be kept; when confirmed, the one that counted. */
  order_id: number | null
  /** When that purchase was paid (ms). */
  paid_at: number | null
  /** Held for the operator's review (still pending): the identity it shares with a referral already counted. */
  held_for: string | null
  /** The payer's keyed hash, when the payment provider names the payer (a card, a payer account). */
  payer_hash: string | null
}

export interface ReferralPhonesTable {
  phone_hash: string
  counted_at: number
}

export interface ReferralHiddenTable {
  user_id: number
}

/** The keyed hashes (HMAC) of the identities already counted — WeChat openids, payer ids — with the account they counted for. */
export interface ReferralIdentitiesTable {
  key_hash: string
  referred_id: number
  counted_at: number
}
