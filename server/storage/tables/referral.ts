import type { Generated } from 'kysely'

/** The referral contest's tables on the storage seam (server/storage/referral.ts; schema: server/storage/db.ts, issue 26). Instants are ms. */
export interface ReferralTables {
  referral_contests: ReferralContestsTable
  referrals: ReferralsTable
  referral_phones: ReferralPhonesTable
  referral_hidden: ReferralHiddenTable
}

export interface ReferralContestsTable {
  id: Generated<number>
  title: string
  title_en: string
  start_at: number
  end_at: number
  /** JSON: the prizes (server/domain/referral.ts Prize[]). */
  prizes: string
}

export interface ReferralsTable {
  referred_id: number
  referrer_id: number
  phone_hash: string
  bound_at: number
  state: Generated<'pending' | 'confirmed' | 'void'>
  confirmed_at: number | null
  order_id: number | null
}

export interface ReferralPhonesTable {
  phone_hash: string
  counted_at: number
}

export interface ReferralHiddenTable {
  user_id: number
}
