import type { z } from 'zod'
import type { Q } from '../../storage/query'
import type { ContactPayload, HoursPayload, NameReview, PhotosPayload, ShopProfileView, StoreProfileAnswer, StoreProfileSaved } from '../../../src/contract/shopProfile'
import { SHOP_PROFILE_LIMITS } from '../../../src/contract/shopProfileEndpoints'
import { weekProblem, weekSummary, type WeekHours } from '../../../src/contract/shopHours'
import { withinReach } from '../../../src/contract/geo'
import type { AuthUser } from '../account'
import { refuse } from '../refusal'
import { districtArea, regionOfCity } from '../address/districtReach'
import { nameTaken } from '../merchant'
import { businessDay, comingDates, openNowOf, scheduleOf } from '../shopHours'
import { paragraphOf, sanitizeIntro } from './introHtml'
import { requireMember } from './staff'
import { recordChange, type Fields } from './changes'
import { isUploadOf } from '../../storage/repo/site'
import * as repo from '../../storage/repo/shopProfile'
import type { NameReviewRow, ProfileRow } from '../../storage/repo/shopProfile'
import { fmt, nowMs } from '../../time'

/**
 * The shop's profile (issue 44; docs/api.md "The shop's profile"). Any staff member of the shop reads it; only its owner
 * changes it (`shop_owner_only`, staff and shoppers alike are told why). What a change stores is what shoppers read on
 * the shop's page at their next read — except the name, which waits for the operator (`npm run admin -- names`,
 * scripts/admin.ts; the console's reviews, server/domain/console/review.ts, call the same functions): the shop keeps its name until it is approved.
 *
 * Every change is one row of the shop's change history (./changes.ts: who, their role, when, before and after), written
 * in the change's own transaction, beside the menu's and the coupons'.
 */

type Member = Awaited<ReturnType<typeof requireMember>>

/** The owner of the asker's shop, or why not: anonymous (-1), not staff (`no_permission`), staff (`shop_owner_only`). */
export async function requireShopOwner(db: Q, user: AuthUser | null): Promise<Member> {
  const member = await requireMember(db, user)
  if (member.role !== 'owner') throw refuse('shop_owner_only')
  return member
}

const who = (m: Member) => ({ userId: m.userId, shopId: m.shopId, role: m.role })

/** The profile's fields as the change history compares them (./changes.ts). */
const contactFields = (r: Pick<ProfileRow, 'phone' | 'district' | 'address' | 'lat' | 'lng'>): Fields => ({ phone: r.phone, district: r.district, address: r.address, point: `${r.lat},${r.lng}` })
const hoursFields = (r: Pick<ProfileRow, 'hours' | 'closed_dates'>): Fields => ({ hours: r.hours, closed_dates: (JSON.parse(r.closed_dates || '[]') as string[]).join(', ') })
const photosFields = (photos: string[], cover: string): Fields => ({ photos: photos.length, image: cover })

const reviewOf = (r: NameReviewRow): NameReview => ({
  id: r.id,
  name: r.name,
  status: r.status,
  requested_at: fmt(r.requested_at),
  decided_at: r.decided_at === null ? null : fmt(r.decided_at),
  reason: r.reason,
})

const photosOf = (row: Pick<ProfileRow, 'photos' | 'image'>): string[] => {
  const photos = JSON.parse(row.photos || '[]') as string[]
  // A shop from before issue 44 has only its cover.
  return photos.length > 0 ? photos : row.image ? [row.image] : []
}

const introOf = (row: Pick<ProfileRow, 'intro' | 'intro_html'>): string => row.intro_html ?? paragraphOf(row.intro)

/** What a shopper reads of the profile on the shop's page (hui_shanghu.shop/read `profile`). */
export function shopperView(row: Pick<ProfileRow, 'hours' | 'week_hours' | 'closed_dates' | 'photos' | 'image' | 'intro' | 'intro_html'>, ms = nowMs()): ShopProfileView {
  const schedule = scheduleOf(row)
  const day = businessDay(ms)
  return {
    photos: photosOf(row),
    intro_html: introOf(row),
    week: row.week_hours ? (JSON.parse(row.week_hours) as WeekHours) : null,
    closed_dates: comingDates(JSON.parse(row.closed_dates || '[]') as string[], ms),
    open_now: schedule ? openNowOf(schedule, ms) : null,
    today: { date: day.date, weekday: day.weekday },
  }
}

async function profileOf(db: Q, member: Member): Promise<StoreProfileAnswer> {
  const row = await repo.profileRow(db, member.shopId)
  if (!row) throw refuse('shop_not_found')
  const review = await repo.latestNameReview(db, member.shopId)
  const view = shopperView(row)
  return {
    shop: { id: row.id, name: row.name, city_id: row.city_id, city: row.city },
    my_role: member.role,
    name_review: review ? reviewOf(review) : null,
    phone: row.phone,
    district: row.district,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    districts: regionOfCity(row.city)?.districts ?? [],
    week: view.week,
    closed_dates: view.closed_dates,
    hours_text: row.hours,
    photos: view.photos,
    cover: row.image,
    intro_html: view.intro_html,
    open_now: view.open_now,
    today: view.today,
  }
}

export async function readProfile(db: Q, user: AuthUser | null): Promise<StoreProfileAnswer> {
  return profileOf(db, await requireMember(db, user))
}

/**
 * Ask for a new name: refused when it is the current one, taken by a shop or an open application in the city, or asked
 * for by another shop of the city; a request already waiting is withdrawn by the new one (one pending a shop).
 */
export async function requestRename(db: Q, user: AuthUser | null, name: string): Promise<StoreProfileSaved> {
  const owner = await requireShopOwner(db, user)
  await db.transaction('serializable', async (db) => {
    const row = await repo.profileRow(db, owner.shopId)
    if (!row) throw refuse('shop_not_found')
    if (row.name.trim().toLowerCase() === name.toLowerCase()) throw refuse('shop_name_unchanged')
    if ((await nameTaken(db, name, row.city_id, 0)) || (await repo.namePendingElsewhere(db, name, row.city_id, owner.shopId))) throw refuse('merchant_shop_name_taken', { name })
    await repo.requestName(db, owner.shopId, name, owner.userId, nowMs())
    await recordChange(db, who(owner), 'profile_rename_requested', name, { name: row.name }, { name })
  })
  return profileOf(db, owner)
}

/** Phone, district, address and point: the district one of the city's; a map pick within its reach, else its centre. */
export async function saveContact(db: Q, user: AuthUser | null, input: z.output<typeof ContactPayload>): Promise<StoreProfileSaved> {
  const owner = await requireShopOwner(db, user)
  const row = await repo.profileRow(db, owner.shopId)
  if (!row) throw refuse('shop_not_found')
  const region = regionOfCity(row.city)
  if (!region || !region.districts.includes(input.district)) throw refuse('shop_district_invalid')
  const area = districtArea(region.province, region.city, input.district)
  if (!area) throw refuse('shop_district_invalid')
  const picked = input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : null
  if (picked && !withinReach(picked, area)) throw refuse('shop_point_outside_district', { district: input.district })
  const point = picked ?? area.centre
  const contact = { phone: input.phone, district: input.district, address: input.address, ...point }
  await db.transaction('read committed', async (db) => {
    await repo.setContact(db, owner.shopId, contact)
    await recordChange(db, who(owner), 'profile_contact_changed', '', contactFields(row), contactFields(contact))
  })
  return profileOf(db, owner)
}

/** The week's hours (./shopHours.ts rule) and closed dates from today to a year ahead on the server's clock. */
export async function saveHours(db: Q, user: AuthUser | null, input: z.output<typeof HoursPayload>): Promise<StoreProfileSaved> {
  const owner = await requireShopOwner(db, user)
  const problem = weekProblem(input.week)
  if (problem) throw refuse('shop_hours_invalid', { day: problem.day + 1 })
  const now = nowMs()
  const today = businessDay(now).date
  const last = businessDay(now, SHOP_PROFILE_LIMITS.closedDaysAhead).date
  if (input.closed_dates.some((d) => d < today || d > last)) throw refuse('shop_closed_date_invalid')
  const hours = { hours: weekSummary(input.week), week_hours: JSON.stringify(input.week), closed_dates: JSON.stringify(comingDates(input.closed_dates, now)) }
  await db.transaction('read committed', async (db) => {
    const row = await repo.profileRow(db, owner.shopId)
    if (!row) throw refuse('shop_not_found')
    await repo.setHours(db, owner.shopId, hours)
    await recordChange(db, who(owner), 'profile_hours_changed', '', hoursFields(row), hoursFields(hours))
  })
  return profileOf(db, owner)
}

/** Photos in order and the cover: each one the shop already shows, or an upload of the owner's. */
export async function savePhotos(db: Q, user: AuthUser | null, input: z.output<typeof PhotosPayload>): Promise<StoreProfileSaved> {
  const owner = await requireShopOwner(db, user)
  const row = await repo.profileRow(db, owner.shopId)
  if (!row) throw refuse('shop_not_found')
  const kept = new Set([...photosOf(row), row.image])
  for (const url of input.photos) {
    if (!kept.has(url) && !(await isUploadOf(db, owner.userId, url))) throw refuse('shop_photos_invalid')
  }
  await db.transaction('read committed', async (db) => {
    await repo.setPhotos(db, owner.shopId, input.photos, input.cover)
    await recordChange(db, who(owner), 'profile_photos_changed', '', photosFields(photosOf(row), row.image), photosFields(input.photos, input.cover))
  })
  return profileOf(db, owner)
}

/**
 * The introduction, through the allow-list (./introHtml.ts); its pictures besides must be uploads of the owner's or
 * pictures the introduction already has (a picture of someone else's upload goes like an outside one). Too long (text or
 * pictures, after cleaning): `shop_intro_too_long`. Answers how much was not kept.
 */
export async function saveIntro(db: Q, user: AuthUser | null, html: string): Promise<StoreProfileSaved> {
  const owner = await requireShopOwner(db, user)
  const row = await repo.profileRow(db, owner.shopId)
  if (!row) throw refuse('shop_not_found')
  const clean = sanitizeIntro(html)
  const had = new Set(sanitizeIntro(row.intro_html ?? '').pictures)
  let out = clean.html
  let removed = clean.removed
  for (const src of clean.pictures) {
    if (had.has(src) || (await isUploadOf(db, owner.userId, src))) continue
    // The allow-list's output writes a picture as <img src="…" alt="…" />: that tag goes.
    out = out.split(/(<img [^>]*\/>)/).filter((part) => !(part.startsWith('<img ') && part.includes(`src="${src}"`))).join('')
    removed++
  }
  const pictures = (out.match(/<img /g) ?? []).length
  if (clean.text.length > SHOP_PROFILE_LIMITS.introText || pictures > SHOP_PROFILE_LIMITS.introPictures) throw refuse('shop_intro_too_long')
  await db.transaction('read committed', async (db) => {
    await repo.setIntro(db, owner.shopId, out, clean.text.slice(0, 200))
    await recordChange(db, who(owner), 'profile_intro_changed', '', { intro: row.intro }, { intro: clean.text.slice(0, 200) })
  })
  return { ...(await profileOf(db, owner)), removed }
}

// ——— The operator's side (scripts/admin.ts; the console's reviews: server/domain/console/review.ts) ———

export interface NameReviewListed extends NameReview {
  shop_id: number
  current_name: string
  city: string
}

/** The names waiting (all: and the decided ones, newest first, 200 at most). */
export async function listNameReviews(db: Q, all = false): Promise<NameReviewListed[]> {
  return (await repo.nameReviews(db, all)).map((r) => ({ ...reviewOf(r), shop_id: r.shop_id, current_name: r.current_name, city: r.city }))
}

/** Approve: the shop takes the name (checked again: taken meanwhile → refused, the request stays pending). */
export async function approveName(db: Q, id: number): Promise<NameReviewListed> {
  return db.transaction('serializable', async (db) => {
    const review = await repo.nameReviewById(db, id)
    if (!review) throw refuse('shop_name_review_not_found')
    if (review.status !== 'pending') throw refuse('shop_name_review_decided', { status: review.status })
    const shop = await repo.profileRow(db, review.shop_id)
    if (!shop) throw refuse('shop_not_found')
    if (await nameTaken(db, review.name, shop.city_id, 0)) throw refuse('merchant_shop_name_taken', { name: review.name })
    if (!(await repo.decideName(db, id, 'approved', null, nowMs()))) throw refuse('shop_name_review_decided', { status: 'approved' })
    await repo.renameShop(db, review.shop_id, review.name)
    const decided = (await repo.nameReviewById(db, id)) as NameReviewRow
    return { ...reviewOf(decided), shop_id: shop.id, current_name: review.name, city: shop.city }
  })
}

/** Reject with the operator's words (the owner reads them); the shop keeps its name. */
export async function rejectName(db: Q, id: number, why: string): Promise<NameReviewListed> {
  return db.transaction('serializable', async (db) => {
    const review = await repo.nameReviewById(db, id)
    if (!review) throw refuse('shop_name_review_not_found')
    if (review.status !== 'pending') throw refuse('shop_name_review_decided', { status: review.status })
    if (!(await repo.decideName(db, id, 'rejected', why, nowMs()))) throw refuse('shop_name_review_decided', { status: 'rejected' })
    const shop = (await repo.profileRow(db, review.shop_id)) as ProfileRow
    return { ...reviewOf((await repo.nameReviewById(db, id)) as NameReviewRow), shop_id: shop.id, current_name: shop.name, city: shop.city }
  })
}
