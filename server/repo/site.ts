import { sql, type DB } from '../db'

/** Where a printed QR number leads (a page path of the app). */
export const qrTarget = (db: DB, number: string) => (sql(db, 'SELECT url FROM qr_numbers WHERE number = ?').get(number) as { url: string } | undefined)?.url

/** Hot cities first, then by pinyin. */
/** The cities whose centre is known (GCJ-02), for the nearest-city answer. */
export const cityPoints = (db: DB) =>
  sql(db, 'SELECT id, name, pinyin, hot, lat, lng FROM cities WHERE lat IS NOT NULL AND lng IS NOT NULL ORDER BY id').all() as Array<{ id: number; name: string; pinyin: string; hot: number; lat: number; lng: number }>

export const cities = (db: DB) => sql(db, 'SELECT id, name, pinyin, hot FROM cities ORDER BY hot DESC, pinyin').all() as Array<{ id: number; name: string; pinyin: string; hot: number }>

export interface CommentView {
  id: number
  nickname: string
  avatar: string
  rating: number
  content: string
  create_time: string
}

/** One page of the comments on a shop or a flash-sale product, newest first. */
export function commentPage(db: DB, on: { shop_id: number } | { product_id: number }, limit: number, offset: number): { list: CommentView[]; total: number } {
  const [col, id] = 'shop_id' in on ? ['shop_id', on.shop_id] : ['product_id', on.product_id]
  const total = (sql(db, `SELECT COUNT(*) AS n FROM comments WHERE ${col} = ?`).get(id) as { n: number }).n
  const list = sql(db, `SELECT id, nickname, avatar, rating, content, created_at AS create_time FROM comments WHERE ${col} = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`).all(id, limit, offset) as CommentView[]
  return { list, total }
}

// Uploads ------------------------------------------------------------------------------------------------

export const insertUpload = (db: DB, u: { user_id: number; name: string; mime: string; data: Buffer; created_at: string; public_id: string }) =>
  sql(db, 'INSERT INTO uploads (user_id, name, mime, data, created_at, public_id) VALUES (?, ?, ?, ?, ?, ?)').run(u.user_id, u.name, u.mime, u.data, u.created_at, u.public_id)

/** Rows from before public ids (public_id NULL) never match; the type must be the stored one. */
export const uploadByPublicId = (db: DB, publicId: string, mime: string) => sql(db, 'SELECT mime, data FROM uploads WHERE public_id = ? AND mime = ?').get(publicId, mime) as { mime: string; data: Buffer } | undefined

export const deleteUploadsOf = (db: DB, userId: number) => sql(db, 'DELETE FROM uploads WHERE user_id = ?').run(userId)
