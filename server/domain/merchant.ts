import type { Q } from '../storage/query'
import type { z } from 'zod'
import type { MerchantApplication, MerchantApplicationPayload } from '../../src/contract/merchant'
import { MERCHANT_APPLICATION_FIELDS, type MerchantApplicationField, type MerchantApplicationStatus } from '../../src/contract/merchantEndpoints'
import { districtCentre } from './address/districtCentres'
import { refuse } from './refusal'
import { REGIONS } from './address/regions'
import * as applications from '../storage/repo/merchantApplications'
import { cityById, cityExists, isUploadOf } from '../storage/repo/site'
import { classExists, insertMerchantShop } from '../storage/repo/shops'
import { insertStaff } from '../storage/repo/storeStaff'
import { staffShopOf } from '../storage/repo/store'
import { latestSignUpCode, returnAttempt, takeAttempt, useCode } from '../storage/repo/users'
import { SMS_MAX_ATTEMPTS, SMS_VALID_MS } from './account'
import { fmt, nowMs } from '../time'

/**
 * Merchant sign-up (issue 26; docs/api.md "Merchant sign-up"). A shopper has at most one application (edited when
 * resubmitted after a rejection); an operator reviews it with `npm run admin` (scripts/admin.ts), which calls the
 * functions below on the same database. Approval is one write transaction (BEGIN IMMEDIATE) whose conditional update
 * on the status lets exactly one of several operators approving at once create the shop.
 */

type Fields = z.output<typeof MerchantApplicationPayload>

type Row = applications.ApplicationRow

/*
 * An application under way (submitted, in review, rejected) takes its mobile. One that holds its shop name (issue 43) is
 * one waiting for the operator (submitted, in review): a rejected one holds none — it held the name forever, for anyone
 * else in the city — and finds the name taken when resubmitted if another live application or a shop has it by then
 * (server/storage/repo/merchantApplications.ts).
 */

const rowById = applications.applicationById
const rowOfUser = applications.applicationOfUser

function shapeOf(row: Row): MerchantApplication & { user_id: number } {
  const { rejections, ...rest } = row
  return { ...rest, rejections: JSON.parse(rejections) as Partial<Record<MerchantApplicationField, string>> } as MerchantApplication & { user_id: number }
}

/** The shopper's application, or null. */
export async function myApplication(db: Q, userId: number): Promise<MerchantApplication | null> {
  const row = await rowOfUser(db, userId)
  if (!row) return null
  const { user_id: _owner, ...shape } = shapeOf(row)
  return shape
}

/** A shop of that name (any case, spaces trimmed) in the city, or another applicant's live application for it. */
export async function nameTaken(db: Q, name: string, cityId: number, exceptApplication: number): Promise<boolean> {
  if (await applications.shopNamedIn(db, cityId, name)) return true
  return applications.nameHeldByApplication(db, cityId, name, exceptApplication)
}

/**
 * The mobile's SMS check at submit. No code is needed for the account's own phone (verified by the code it logged in
 * with) nor for the mobile this application was already verified with (a resubmission after a rejection). Otherwise the
 * newest `shopRegister` code for that mobile must be given (`merchant_sms_code_required`), fresh (`sms_code_expired`),
 * not guessed too often (`sms_code_attempts`) and right (`sms_code_wrong`; every guess counted before it is compared —
 * outside the submit's transaction, so a refusal does not roll the count back). Answers the code's row to spend inside
 * the transaction, or null.
 */
async function checkMobileCode(db: Q, user: { id: number; phone: string }, input: Fields): Promise<number | null> {
  if (input.mobile === user.phone) return null
  const mine = await rowOfUser(db, user.id)
  if (mine && mine.mobile === input.mobile) return null
  if (!input.sms_code) throw refuse('merchant_sms_code_required')
  const sms = await latestSignUpCode(db, input.mobile)
  if (!sms || nowMs() - sms.created_at > SMS_VALID_MS) throw refuse('sms_code_expired')
  // A guess is taken before the code is compared (a conditional update; a right one gives it back): SMS_MAX_ATTEMPTS
  // wrong guesses over all processes, however many are in flight at once.
  if (!(await takeAttempt(db, sms.id, SMS_MAX_ATTEMPTS))) throw refuse('sms_code_attempts')
  if (sms.code !== input.sms_code) throw refuse('sms_code_wrong')
  await returnAttempt(db, sms.id)
  return sms.id
}

/**
 * Apply, or resubmit after a rejection (the same row, edited; back to submitted, the rejections cleared). Refused: a
 * mobile not verified by its SMS code (checkMobileCode); an applicant already staff of a store; an application being
 * reviewed (submitted / in review); a mobile on another open application; a shop name taken in the city; an unknown
 * business class or city (as that field's reason). The code is spent with the write: a refusal leaves it usable.
 */
export async function submitApplication(db: Q, user: { id: number; phone: string }, input: Fields): Promise<MerchantApplication> {
  const userId = user.id
  const codeId = await checkMobileCode(db, user, input)
  return db.transaction('serializable', async (db) => {
    // Used once: a second submit racing with the same code finds it used.
    if (codeId !== null && !(await useCode(db, codeId))) throw refuse('sms_code_expired')
    if (await staffShopOf(db, userId)) throw refuse('merchant_already_staff')
    const mine = await rowOfUser(db, userId)
    if (mine && mine.status !== 'rejected') throw refuse(mine.status === 'approved' ? 'merchant_already_staff' : 'merchant_application_pending')
    const exceptId = mine?.id ?? 0
    // A picture is one this applicant uploaded (index/uploadPic): not a made-up name, not another person's upload.
    if (!(await isUploadOf(db, userId, input.licence_image))) throw refuse('merchant_licence_invalid')
    if (!(await isUploadOf(db, userId, input.storefront_image))) throw refuse('merchant_storefront_invalid')
    if (!(await classExists(db, input.class_id))) throw refuse('merchant_class_invalid')
    if (!(await cityExists(db, input.city_id))) throw refuse('merchant_city_invalid')
    if (await applications.mobileOnOpenApplication(db, input.mobile, exceptId)) throw refuse('merchant_mobile_busy')
    if (await nameTaken(db, input.shop_name, input.city_id, exceptId)) throw refuse('merchant_shop_name_taken', { name: input.shop_name })
    const now = nowMs()
    const values: applications.ApplicationFields = {
      shop_name: input.shop_name,
      class_id: input.class_id,
      contact_name: input.contact_name,
      mobile: input.mobile,
      city_id: input.city_id,
      district: input.district,
      address: input.address,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      hours: input.hours,
      discount_rate: input.discount_rate,
      licence_image: input.licence_image,
      storefront_image: input.storefront_image,
    }
    if (mine) await applications.resubmitApplication(db, mine.id, values, now)
    else await applications.insertApplication(db, userId, values, now)
    return (await myApplication(db, userId)) as MerchantApplication
  })
}

// ——— The operator's side (scripts/admin.ts) ———

export interface ApplicationSummary {
  id: number
  status: MerchantApplicationStatus
  shop_name: string
  city_id: number
  mobile: string
  updated_at: number
}

/** Applications, those waiting first (submitted, in review), then the rest; newest last within each. */
export async function listApplications(db: Q): Promise<ApplicationSummary[]> {
  return applications.applicationSummaries(db)
}

/** One application for the operator; opening a submitted one marks it in review (the applicant sees that). */
export async function showApplication(db: Q, id: number): Promise<MerchantApplication & { user_id: number }> {
  return db.transaction('serializable', async (db) => {
    const row = await rowById(db, id)
    if (!row) throw refuse('merchant_application_not_found')
    if (row.status === 'submitted') await applications.markInReview(db, id, nowMs())
    return shapeOf((await rowById(db, id)) as Row)
  })
}

/** Reject with a reason per field (at least one; fields of MERCHANT_APPLICATION_FIELDS). Only while undecided. */
export async function rejectApplication(db: Q, id: number, reasons: Partial<Record<MerchantApplicationField, string>>): Promise<MerchantApplication & { user_id: number }> {
  const fields = Object.keys(reasons)
  if (fields.length === 0 || fields.some((f) => !(MERCHANT_APPLICATION_FIELDS as readonly string[]).includes(f) || !reasons[f as MerchantApplicationField]?.trim())) {
    throw new Error(`reject needs --field name=why with name one of: ${MERCHANT_APPLICATION_FIELDS.join(', ')}`)
  }
  return db.transaction('serializable', async (db) => {
    const row = await rowById(db, id)
    if (!row) throw refuse('merchant_application_not_found')
    if (!(await applications.markRejected(db, id, JSON.stringify(reasons), nowMs()))) throw refuse('merchant_application_decided', { status: row.status })
    return shapeOf((await rowById(db, id)) as Row)
  })
}

/**
 * The operator frees the shop name a live application holds (`npm run admin -- free-name N`, issue 43): the application
 * is rejected on its `shop_name` field with the operator's words — the applicant reads why, and may resubmit under
 * another name — and the name goes to whoever asks next. Only while it holds one (submitted or in review:
 * `merchant_application_decided` otherwise; a rejected application holds none).
 */
export async function freeShopName(db: Q, id: number, why: string): Promise<MerchantApplication & { user_id: number }> {
  return rejectApplication(db, id, { shop_name: why })
}

/** The shop's point: the one picked on the map, else its district's centre (server/domain/address/districtCentres.ts), else its city's. */
async function placeOf(db: Q, row: Row): Promise<{ lat: number; lng: number }> {
  if (row.lat !== null && row.lng !== null) return { lat: row.lat, lng: row.lng }
  const city = (await cityById(db, row.city_id)) as { name: string; lat: number; lng: number }
  if (row.district) {
    for (const [province, cities] of Object.entries(REGIONS)) {
      for (const cityName of Object.keys(cities)) {
        // REGIONS names the city with its suffix (the cities table without): one city per prefix in the table.
        if (cityName.startsWith(city.name)) {
          const centre = districtCentre(province, cityName, row.district)
          if (centre) return centre
        }
      }
    }
  }
  return { lat: city.lat, lng: city.lng }
}

/**
 * Approve, in one transaction: the shop (name, class, city, address, point, the mobile as its phone, hours, discount,
 * the storefront picture; no rating yet), the applicant its owner (store_staff role 'owner'), the application approved
 * with the shop id. The status update is conditional (still submitted or in review), so of several operators
 * approving at once exactly one creates a shop; the others are refused and nothing of theirs stays.
 */
export async function approveApplication(db: Q, id: number): Promise<{ application: MerchantApplication & { user_id: number }; shopId: number }> {
  return db.transaction('serializable', async (db) => {
    const row = await rowById(db, id)
    if (!row) throw refuse('merchant_application_not_found')
    if (row.status !== 'submitted' && row.status !== 'in_review') throw refuse('merchant_application_decided', { status: row.status })
    if (await staffShopOf(db, row.user_id)) throw refuse('merchant_already_staff')
    if (await nameTaken(db, row.shop_name, row.city_id, row.id)) throw refuse('merchant_shop_name_taken', { name: row.shop_name })
    const place = await placeOf(db, row)
    const shopId = await insertMerchantShop(db, {
      name: row.shop_name,
      class_id: row.class_id,
      city_id: row.city_id,
      address: row.address,
      lat: place.lat,
      lng: place.lng,
      phone: row.mobile,
      hours: row.hours,
      discount_rate: row.discount_rate,
      image: row.storefront_image,
    })
    const now = nowMs()
    // Never false inside BEGIN IMMEDIATE (the status was read under the write lock); kept so the rule holds without it.
    if (!(await applications.markApproved(db, id, shopId, now))) throw refuse('merchant_application_decided', { status: 'approved' })
    await insertStaff(db, row.user_id, shopId, 'owner', fmt(now))
    return { application: shapeOf((await rowById(db, id)) as Row), shopId }
  })
}
