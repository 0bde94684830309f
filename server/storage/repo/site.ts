import type { Q } from '../query'

/** Where a printed QR number leads (a page path of the app). */
export const qrTarget = async (db: Q, number: string) => ((await db.get('SELECT url FROM qr_numbers WHERE number = ?', number)) as { url: string } | undefined)?.url

/** Hot cities first, then by pinyin. */
/** The cities whose centre is known (GCJ-02), for the nearest-city answer. */
export const cityPoints = async (db: Q) =>
  (await db.all('SELECT id, name, name_en, pinyin, hot, lat, lng FROM cities WHERE lat IS NOT NULL AND lng IS NOT NULL AND hidden_at IS NULL ORDER BY id')) as Array<{ id: number; name: string; name_en: string | null; pinyin: string; hot: number; lat: number; lng: number }>

/** A city's name and centre. */
export const cityById = async (db: Q, id: number) => (await db.get('SELECT name, lat, lng FROM cities WHERE id = ?', id)) as { name: string; lat: number; lng: number } | undefined

/** A city a new shop may be filed in: one the console has not hidden (h45-home). */
export const cityExists = async (db: Q, id: number): Promise<boolean> => !!(await db.get('SELECT 1 AS one FROM cities WHERE id = ? AND hidden_at IS NULL', id))

export const cities = async (db: Q) => (await db.all('SELECT id, name, name_en, pinyin, hot FROM cities WHERE hidden_at IS NULL ORDER BY hot DESC, pinyin, id')) as Array<{ id: number; name: string; name_en: string | null; pinyin: string; hot: number }>

export interface CommentView {
  id: number
  nickname: string
  avatar: string
  rating: number
  content: string
  create_time: string
}

/** One page of the comments on a shop or a flash-sale product, newest first. */
export async function commentPage(db: Q, on: { shop_id: number } | { product_id: number }, limit: number, offset: number): Promise<{ list: CommentView[]; total: number }> {
  const [col, id] = 'shop_id' in on ? ['shop_id', on.shop_id] : ['product_id', on.product_id]
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM comments WHERE ${col} = ?`, id)) as { n: number }).n
  const list = (await db.all(`SELECT id, nickname, avatar, rating, content, created_at AS create_time FROM comments WHERE ${col} = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, id, limit, offset)) as CommentView[]
  return { list, total }
}

// Uploads ------------------------------------------------------------------------------------------------

export interface NewUpload {
  user_id: number
  name: string
  mime: string
  data: Buffer
  created_at: string
  public_id: string
}

/** `data` is the re-encoded picture (server/hosting/picture.ts). */
export const insertUpload = (db: Q, u: NewUpload) =>
  db.run('INSERT INTO uploads (user_id, name, mime, data, created_at, public_id, reencoded) VALUES (?, ?, ?, ?, ?, ?, 1)', u.user_id, u.name, u.mime, u.data, u.created_at, u.public_id)

/** Pictures a shopper stored from `since` (a business wall time, "YYYY-MM-DD HH:mm:ss") on. */
export const uploadsSince = async (db: Q, userId: number, since: string) =>
  ((await db.get('SELECT COUNT(*) AS n FROM uploads WHERE user_id = ? AND created_at >= ?', userId, since)) as { n: number }).n

/**
 * Stores a picture unless the shopper already stored `max` from `since` on: counted and written in one immediate
 * transaction, so server processes sharing the database cannot both pass the count. False: at the limit.
 */
export const insertUploadWithin = async (db: Q, u: NewUpload, since: string, max: number): Promise<boolean> =>
  db.transaction('serializable', async (db) => {
    if ((await uploadsSince(db, u.user_id, since)) >= max) return false
    await insertUpload(db, u)
    return true
  })

const MIME_BY_EXT: Readonly<Record<string, string>> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }
/** An upload's public name: 128 random bits, base64url (22 characters), and its type's extension. */
const PUBLIC_NAME = /^([A-Za-z0-9_-]{22})\.(jpg|png|webp)$/

/** `<public id>.<ext>` (the file of an upload's `/uploads/…` address) → its public id and stored type; null if not one. */
export function uploadName(file: string): { publicId: string; mime: string } | null {
  const m = PUBLIC_NAME.exec(file)
  return m ? { publicId: m[1], mime: MIME_BY_EXT[m[2]] } : null
}

/** Whether an `/uploads/<id>.<ext>` address names an upload of this user, stored with that type. */
export async function isUploadOf(db: Q, userId: number, url: string): Promise<boolean> {
  const name = url.startsWith('/uploads/') ? uploadName(url.slice('/uploads/'.length)) : null
  return !!name && !!(await db.get('SELECT 1 AS one FROM uploads WHERE public_id = ? AND user_id = ? AND mime = ?', name.publicId, userId, name.mime))
}

/** Rows from before public ids (public_id NULL) never match; the type must be the stored one. */
export const uploadByPublicId = async (db: Q, publicId: string, mime: string) =>
  (await db.get('SELECT mime, data, reencoded FROM uploads WHERE public_id = ? AND mime = ?', publicId, mime)) as { mime: string; data: Buffer; reencoded: 0 | 1 } | undefined

/** A picture stored before uploads were re-encoded, replaced by its re-encoding (same type). */
export const replaceWithReencoded = (db: Q, publicId: string, data: Buffer) => db.run('UPDATE uploads SET data = ?, reencoded = 1 WHERE public_id = ?', data, publicId)

/**
 * A deleted person's pictures — except one that became a shop's picture (an approved application's storefront,
 * server/domain/merchant.ts): it is the shop's now, and the shop stays.
 */
export const deleteUploadsOf = (db: Q, userId: number) =>
  // '/uploads/' is 9 characters: the public id (22) follows it, whatever the extension's length.
  db.run("DELETE FROM uploads WHERE user_id = ? AND NOT EXISTS (SELECT 1 FROM shops WHERE shops.image LIKE '/uploads/%' AND substr(shops.image, 10, 22) = uploads.public_id)", userId)
