import type { FastifyInstance } from 'fastify'
import { UPLOAD_PATH } from '../../src/contract/endpoints'
import type { DB } from '../db'
import { authenticate, fail, ok } from '../http'
import { nowText } from '../time'

const TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }

/**
 * index/uploadPic — the seed lists GET, but Taro.uploadFile always POSTs multipart, so this is a POST
 * (documented in docs/api.md). Images only, 5 MB at most, for a logged-in shopper.
 */
export function uploadRoutes(app: FastifyInstance, db: DB): void {
  app.post(`/api/${UPLOAD_PATH}`, async (req) => {
    const user = authenticate(db, req)
    if (!user) return fail('请先登录', -1)
    if (!req.isMultipart()) return fail('请以 multipart/form-data 上传图片')
    const file = await req.file()
    if (!file) return fail('没有收到图片')
    if (!TYPES[file.mimetype]) return fail('只支持 JPG、PNG、WebP 图片')
    const data = await file.toBuffer()
    if (file.file.truncated) return fail('图片不能超过 5 MB')
    const info = db.prepare('INSERT INTO uploads (user_id, name, mime, data, created_at) VALUES (?, ?, ?, ?, ?)').run(user.id, file.filename.slice(0, 100), file.mimetype, data, nowText())
    return ok({ url: `/uploads/${info.lastInsertRowid}.${TYPES[file.mimetype]}` })
  })

  app.get('/uploads/:file', async (req, reply) => {
    const m = /^(\d+)\.(jpg|png|webp)$/.exec((req.params as { file: string }).file)
    const row = m ? (db.prepare('SELECT mime, data FROM uploads WHERE id = ?').get(Number(m[1])) as { mime: string; data: Buffer } | undefined) : undefined
    if (!row) return reply.code(404).send('not found')
    return reply.header('Cache-Control', 'public, max-age=86400').type(row.mime).send(row.data)
  })
}
