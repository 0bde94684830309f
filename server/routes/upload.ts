import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { UPLOAD_PATH } from '../../src/contract/endpoints'
import type { DB } from '../db'
import { authenticate, fail, ok } from '../http'
import { insertUpload, uploadByPublicId } from '../repo/site'
import { nowText } from '../time'

/** The one field the picture travels in (Taro.uploadFile's `name`). */
const FIELD = 'file'
const MAX_BYTES = 5 * 1024 * 1024
const TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }
const MIME_BY_EXT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

/**
 * The picture's real type from its first bytes (the declared mimetype and filename are the client's
 * word, not checked). Three signatures are all we accept, so a few lines beat an ESM-only dependency.
 */
export function imageType(data: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg'
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp'
  return null
}

/** Public names: 128 random bits, base64url (22 characters) — nothing to count up or guess. */
const newPublicId = () => crypto.randomBytes(16).toString('base64url')
const PUBLIC_NAME = /^([A-Za-z0-9_-]{22})\.(jpg|png|webp)$/

/** Why a multipart body could not be read, in words a shopper can act on (always code 0). */
export function multipartMessage(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return '图片不能超过 5 MB'
    case 'FST_FILES_LIMIT':
      return '一次只能上传一张图片'
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return '上传的表单项过多'
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return '请以 multipart/form-data 上传图片'
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return '上传的表单项不正确'
    default:
      // busboy: "Multipart: Boundary not found", "Unexpected end of form", "Malformed part header", …;
      // a stream cut off by the client (ERR_STREAM_PREMATURE_CLOSE).
      return '上传内容不完整或格式错误，请重试'
  }
}

/**
 * When a limit is hit while a file is being read (too many fields or parts around it), the plugin
 * destroys the file stream ("Premature close") and queues the real reason as the next part: ask for it,
 * briefly, so the shopper hears which limit it was.
 */
async function rootCause(parts: AsyncIterator<unknown>, err: unknown): Promise<unknown> {
  if (String((err as { code?: unknown }).code ?? '').startsWith('FST_')) return err
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<unknown>((resolve) => {
    timer = setTimeout(() => resolve(err), 200)
  })
  const cause = parts.next().then(
    () => err,
    (reason: unknown) => (String((reason as { code?: unknown }).code ?? '').startsWith('FST_') ? reason : err),
  )
  try {
    return await Promise.race([cause, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * index/uploadPic — the seed lists GET, but Taro.uploadFile always POSTs multipart, so this is a POST
 * (documented in docs/api.md). One picture in the field `file`: JPG, PNG or WebP by its bytes, 1 byte
 * to 5 MB, for a logged-in shopper. Served at /uploads/<random id>.<ext> with the detected type.
 * Every refusal, malformed bodies included, is code 0 with a readable msg.
 */
export function uploadRoutes(app: FastifyInstance, db: DB): void {
  app.post(`/api/${UPLOAD_PATH}`, async (req) => {
    const user = authenticate(db, req)
    if (!user) return fail('请先登录', -1)
    if (!req.isMultipart()) return fail('请以 multipart/form-data 上传图片')

    let data: Buffer | null = null
    let name = ''
    let otherFile = false
    // Fields (Taro's formData) are allowed and ignored; any file part other than `file` is drained.
    const parts = req.parts({ limits: { fileSize: MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 4096, headerPairs: 20 } })
    try {
      for (;;) {
        const next = await parts.next()
        if (next.done) break
        const part = next.value
        if (part.type !== 'file') continue
        if (part.fieldname !== FIELD) {
          otherFile = true
          part.file.resume()
          continue
        }
        try {
          data = await part.toBuffer()
        } catch (err) {
          throw await rootCause(parts, err)
        }
        name = part.filename
      }
    } catch (err) {
      req.log.info({ code: (err as { code?: unknown }).code, reason: (err as Error).message }, 'upload refused: multipart')
      return fail(multipartMessage(err))
    }
    if (!data) return fail(otherFile ? `没有收到图片（字段名应为 ${FIELD}）` : '没有收到图片')
    if (data.length === 0) return fail('图片是空的，请重新选择')
    const mime = imageType(data)
    if (!mime) return fail('只支持 JPG、PNG、WebP 图片')

    const publicId = newPublicId()
    insertUpload(db, { user_id: user.id, name: name.slice(0, 100), mime, data, created_at: nowText(), public_id: publicId })
    return ok({ url: `/uploads/${publicId}.${TYPES[mime]}` })
  })

  app.get('/uploads/:file', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    const m = PUBLIC_NAME.exec((req.params as { file: string }).file)
    // Rows from before public ids (public_id NULL) never match; the extension must be the stored type's.
    const row = m ? uploadByPublicId(db, m[1], MIME_BY_EXT[m[2]]) : undefined
    if (!row) return reply.code(404).type('text/plain; charset=utf-8').send('not found')
    return reply.header('Cache-Control', 'public, max-age=86400').type(row.mime).send(row.data)
  })
}
