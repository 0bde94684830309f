import type { Q } from '../../storage/query'
import crypto from 'node:crypto'
import type { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { UPLOAD_PATH } from '../../../src/contract/endpoints'
import type { Reason } from '../../../src/contract/reasons'
import { authenticate, fail, ok, refuse } from '../envelope'
import { reencodePicture } from '../../hosting/picture'
import { insertUploadWithin, replaceWithReencoded, uploadByPublicId, uploadName, uploadsSince } from '../../storage/repo/site'
import { businessMidnight, fmt, nowMs, nowText } from '../../time'

/** The one field the picture travels in (Taro.uploadFile's `name`). */
const FIELD = 'file'
const MAX_BYTES = 5 * 1024 * 1024
const TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }

/** Public names: 128 random bits, base64url (22 characters) — nothing to count up or guess (uploadName reads them). */
const newPublicId = () => crypto.randomBytes(16).toString('base64url')

/** Why a multipart body could not be read, as a reason a shopper can act on (always code 0). */
export function multipartMessage(err: unknown): Reason {
  const code = (err as { code?: unknown } | null)?.code
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'picture_too_large'
    case 'FST_FILES_LIMIT':
      return 'one_picture_only'
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return 'too_many_fields'
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'picture_multipart_required'
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return 'upload_fields_invalid'
    default:
      // busboy: "Multipart: Boundary not found", "Unexpected end of form", "Malformed part header", …;
      // a stream cut off by the client (ERR_STREAM_PREMATURE_CLOSE).
      return 'upload_broken'
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

/** Pictures one shopper may store per business day (Asia/Shanghai, on the server's clock). */
export const UPLOADS_PER_DAY = 50

/** A body declared larger than the biggest picture plus the room its fields may take is refused unread. */
const MAX_BODY_BYTES = MAX_BYTES + 256 * 1024

/**
 * The picture part's bytes, or 'too_large' as soon as it passes MAX_BYTES: the answer does not wait for the
 * rest of the file (app.ts's finishReadingBeforeAnswering reads and drops it, bounded, before answering).
 */
async function readPicture(file: Readable & { truncated?: boolean }): Promise<Buffer | 'too_large'> {
  let over = false
  file.once('limit', () => {
    over = true
    file.destroy()
  })
  const chunks: Buffer[] = []
  try {
    for await (const chunk of file) chunks.push(chunk as Buffer)
  } catch (err) {
    if (over) return 'too_large'
    throw err
  }
  return over || file.truncated ? 'too_large' : Buffer.concat(chunks)
}

/**
 * index/uploadPic — the seed lists GET, but Taro.uploadFile always POSTs multipart, so this is a POST
 * (documented in docs/api.md). One picture in the field `file`: JPG, PNG or WebP by its bytes, 1 byte
 * to 5 MB, for a logged-in shopper, at most `perDay` stored per business day. Stored and served only as
 * re-encoded by server/hosting/picture.ts (upright, no metadata, bounded), at /uploads/<random id>.<ext>.
 * Every refusal, malformed bodies included, is code 0 with a reason.
 */
export function uploadRoutes(app: FastifyInstance, db: Q, opts: { perDay?: number } = {}): void {
  const perDay = opts.perDay ?? UPLOADS_PER_DAY
  const today = () => fmt(businessMidnight(nowMs()))

  app.post(`/api/${UPLOAD_PATH}`, async (req) => {
    const user = await authenticate(db, req)
    if (!user) return fail('login_required', {}, -1)
    if (!req.isMultipart()) return fail('picture_multipart_required')
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return fail('picture_too_large')
    // At the limit: refused before the picture is read or decoded (counted again when it is stored).
    if ((await uploadsSince(db, user.id, today())) >= perDay) throw refuse('upload_daily_limit', { max: perDay })

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
        let read: Buffer | 'too_large'
        try {
          read = await readPicture(part.file)
        } catch (err) {
          throw await rootCause(parts, err)
        }
        if (read === 'too_large') return fail('picture_too_large')
        data = read
        name = part.filename
      }
    } catch (err) {
      req.log.info({ code: (err as { code?: unknown }).code, reason: (err as Error).message }, 'upload refused: multipart')
      return fail(multipartMessage(err))
    }
    if (!data) return otherFile ? fail('picture_wrong_field', { field: FIELD }) : fail('picture_missing')
    if (data.length === 0) return fail('picture_empty')

    const picture = await reencodePicture(data)
    const publicId = newPublicId()
    const stored = await insertUploadWithin(db, { user_id: user.id, name: name.slice(0, 100), mime: picture.mime, data: picture.data, created_at: nowText(), public_id: publicId }, today(), perDay)
    if (!stored) throw refuse('upload_daily_limit', { max: perDay })
    return ok({ url: `/uploads/${publicId}.${TYPES[picture.mime]}` })
  })

  app.get('/uploads/:file', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    const name = uploadName((req.params as { file: string }).file)
    // Rows from before public ids (public_id NULL) never match; the extension must be the stored type's.
    const row = name ? (await uploadByPublicId(db, name.publicId, name.mime)) : undefined
    const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send('not found')
    if (!name || !row) return notFound()
    let data = row.data
    if (!row.reencoded) {
      // Stored before uploads were re-encoded: re-encoded now (in its own type), once; what does not decode is not served.
      const picture = await reencodePicture(row.data, { keepFormat: true }).catch(() => null)
      if (!picture || picture.mime !== row.mime) return notFound()
      await replaceWithReencoded(db, name.publicId, picture.data)
      data = picture.data
    }
    return reply.header('Cache-Control', 'public, max-age=86400').type(row.mime).send(data)
  })
}
