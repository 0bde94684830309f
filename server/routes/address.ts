import type { FastifyInstance } from 'fastify'
import { MAX_ADDRESSES, type Address } from '../../src/contract/address'
import type { DB } from '../db'
import { BizError, defineRoute, requireUser } from '../http'
import { isKnownRegion } from '../regions'
import { nowText } from '../time'

type Row = Omit<Address, 'is_default'> & { is_default: number }
const COLS = 'id, name, mobile, province, city, district, detail, is_default'
const toAddress = (r: Row): Address => ({ ...r, is_default: r.is_default === 1 })

/** Addresses: always owned (another shopper's id is "not found"), at most one default. */
export function addressRoutes(app: FastifyInstance, db: DB): void {
  const own = (userId: number, id: number): Row => {
    const row = db.prepare(`SELECT ${COLS} FROM addresses WHERE id = ? AND user_id = ?`).get(id, userId) as Row | undefined
    if (!row) throw new BizError('地址不存在')
    return row
  }
  const makeDefault = (userId: number, id: number) => {
    db.prepare('UPDATE addresses SET is_default = 0 WHERE user_id = ?').run(userId)
    db.prepare('UPDATE addresses SET is_default = 1 WHERE id = ? AND user_id = ?').run(id, userId)
  }

  defineRoute(app, db, 'personal.address/index', { auth: true }, ({ user }) => ({
    list: (db.prepare(`SELECT ${COLS} FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id DESC`).all(requireUser(user).id) as Row[]).map(toAddress),
  }))

  defineRoute(app, db, 'personal.address/save', { auth: true }, ({ input, user }) => {
    const uid = requireUser(user).id
    if (!isKnownRegion(input.province, input.city, input.district)) throw new BizError('暂不支持该地区')
    const id = db.transaction(() => {
      const { id: existing, is_default, ...fields } = input
      let addressId: number
      if (existing) {
        own(uid, existing)
        db.prepare('UPDATE addresses SET name = ?, mobile = ?, province = ?, city = ?, district = ?, detail = ? WHERE id = ? AND user_id = ?').run(
          fields.name,
          fields.mobile,
          fields.province,
          fields.city,
          fields.district,
          fields.detail,
          existing,
          uid,
        )
        addressId = existing
      } else {
        const count = (db.prepare('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?').get(uid) as { n: number }).n
        if (count >= MAX_ADDRESSES) throw new BizError(`最多保存 ${MAX_ADDRESSES} 个地址`)
        addressId = Number(
          db
            .prepare('INSERT INTO addresses (user_id, name, mobile, province, city, district, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
            .run(uid, fields.name, fields.mobile, fields.province, fields.city, fields.district, fields.detail, nowText()).lastInsertRowid,
        )
        // The first address is the default.
        if (count === 0) makeDefault(uid, addressId)
      }
      if (is_default) makeDefault(uid, addressId)
      return addressId
    })()
    return { info: toAddress(own(uid, id)) }
  })

  defineRoute(app, db, 'personal.address/delete', { auth: true }, ({ input, user }) => {
    const uid = requireUser(user).id
    db.transaction(() => {
      const row = own(uid, input.id)
      db.prepare('DELETE FROM addresses WHERE id = ? AND user_id = ?').run(input.id, uid)
      // Deleting the default hands the flag to the newest remaining address.
      if (row.is_default) {
        const next = db.prepare('SELECT id FROM addresses WHERE user_id = ? ORDER BY id DESC LIMIT 1').get(uid) as { id: number } | undefined
        if (next) makeDefault(uid, next.id)
      }
    })()
    return { deleted: true as const }
  })

  defineRoute(app, db, 'personal.address/setDefault', { auth: true }, ({ input, user }) => {
    const uid = requireUser(user).id
    own(uid, input.id)
    db.transaction(() => makeDefault(uid, input.id))()
    return { info: toAddress(own(uid, input.id)) }
  })
}
