import net from 'node:net'
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import sharp from 'sharp'
import { UPLOAD_PATH } from '../../src/contract/endpoints'
import { isReason } from '../../src/contract/reasons'
import { withMultipart } from '../../server/http/app'
import { finishReadingBeforeAnswering } from '../../server/http/drain'
import { MAX_EDGE } from '../../server/hosting/picture'
import { UPLOADS_PER_DAY } from '../../server/http/routes/upload'
import { parseText } from '../../server/time'
import { holdServerClock, startServer, type TestServer } from './helpers'
import { JPEG, MULTIPART, PNG, PNG_SIGNATURE_HTML, WEBP, badUploads, filePart, multipartBody, pngDeclaring, pngOfSize, pngPaletteNoise } from './multipart'

let s: TestServer
let token: string
beforeAll(async () => {
  s = await startServer()
  token = (await s.login('13500000077')).token
})
afterAll(() => s.close())
afterEach(() => jest.restoreAllMocks())

interface Answer {
  code: number
  msg: string
  data: { url: string } | null
  reason?: string
}

const upload = (body: Buffer | string, contentType = MULTIPART, tok = token, query = '') =>
  s.app.inject({ method: 'POST', url: `/api/${UPLOAD_PATH}${query}`, headers: { 'content-type': contentType, 'access-token': tok }, payload: body })
const uploadPicture = async (bytes: Buffer, tok = token, query = '') => (await upload(multipartBody([filePart(bytes)]), MULTIPART, tok, query)).json() as Answer
const served = async (url: string) => {
  const res = await s.app.inject({ method: 'GET', url })
  expect(res.statusCode).toBe(200)
  return res
}
const storedCount = async () => (await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM uploads')).n

/** Whether a TIFF/EXIF block (as sharp's metadata().exif gives it, "Exif\0\0" first) points to a GPS directory. */
function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0)
  const le = tiff.toString('latin1', 0, 2) === 'II'
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const ifd0 = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4)
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true
  return false
}

describe('uploads: random public names, stored as re-encoded pictures', () => {
  it.each([
    ['PNG', PNG, 'png', 'image/png', 'png'],
    ['JPEG', JPEG, 'jpg', 'image/jpeg', 'jpeg'],
    ['WebP', WEBP, 'webp', 'image/webp', 'webp'],
  ] as const)('%s is stored under an unguessable name and served in its type as a picture that decodes', async (_label, bytes, ext, mime, format) => {
    // The declared type is the client's word only: WeChat often sends application/octet-stream.
    const res = await upload(multipartBody([{ name: 'share_user_user_id', data: '7' }, filePart(bytes, 'IMG_0001.HEIC', 'application/octet-stream')]))
    expect(res.statusCode).toBe(200)
    const { code, data } = res.json() as Answer
    expect(code).toBe(1)
    expect(data?.url).toMatch(new RegExp(`^/uploads/[A-Za-z0-9_-]{22}\\.${ext}$`))
    const got = await served(data?.url ?? '')
    expect(got.headers['content-type']).toBe(mime)
    expect(got.headers['x-content-type-options']).toBe('nosniff')
    const meta = await sharp(got.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual([format, 1, 1])
    const row = await s.row<{ mime: string; data: Buffer }>('SELECT mime, data FROM uploads WHERE public_id = ?', data?.url.slice(9, 31) ?? '')
    expect(row.mime).toBe(mime)
    expect(got.rawPayload.equals(row.data)).toBe(true)
  })

  it('a PNG declared as JPEG is a PNG; names never repeat; numeric and foreign names do not resolve', async () => {
    const a = (await upload(multipartBody([filePart(PNG, 'x.jpg', 'image/jpeg')]))).json() as { data: { url: string } }
    const b = (await upload(multipartBody([filePart(PNG, 'x.jpg', 'image/jpeg')]))).json() as { data: { url: string } }
    expect(a.data.url).toMatch(/\.png$/)
    expect(a.data.url).not.toBe(b.data.url)
    const id = a.data.url.slice(9, 31)
    for (const url of ['/uploads/1.png', '/uploads/2.png', `/uploads/${id}.jpg`, `/uploads/${id}.svg`, `/uploads/${id}`, `/uploads/${id}.png.html`, '/uploads/%2e%2e%2fetc%2fpasswd']) {
      const res = await s.app.inject({ method: 'GET', url })
      expect([url, res.statusCode]).toEqual([url, 404])
      expect(res.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it('a name over 100 characters is a 404 with the envelope (Fastify\'s parameter limit)', async () => {
    const res = await s.app.inject({ method: 'GET', url: `/uploads/${'a'.repeat(200)}.png` })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 0, data: null })
  })

  it('rows from before public ids do not resolve', async () => {
    const old = await s.row<{ id: number }>("INSERT INTO uploads (user_id, name, mime, data, created_at) VALUES (1, 'old.png', 'image/png', ?, '2026-01-01 00:00:00') RETURNING id", PNG)
    expect((await s.app.inject({ method: 'GET', url: `/uploads/${old.id}.png` })).statusCode).toBe(404)
  })

  it('rows stored before re-encoding are served re-encoded; one that is no picture is not served', async () => {
    const insert = (data: Buffer, publicId: string) => s.run("INSERT INTO uploads (user_id, name, mime, data, created_at, public_id) VALUES (1, 'old.png', 'image/png', ?, '2026-01-01 00:00:00', ?)", data, publicId)
    await insert(Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]), 'oldPictureWithHtml0001')
    await insert(PNG_SIGNATURE_HTML, 'oldHtmlNoPicture000001')
    const picture = await served('/uploads/oldPictureWithHtml0001.png')
    expect(picture.rawPayload.includes('<script')).toBe(false)
    expect((await sharp(picture.rawPayload).metadata()).format).toBe('png')
    expect(await s.row("SELECT reencoded FROM uploads WHERE public_id = 'oldPictureWithHtml0001'")).toEqual({ reencoded: 1 })
    expect((await s.app.inject({ method: 'GET', url: '/uploads/oldHtmlNoPicture000001.png' })).statusCode).toBe(404)
  })

  it('a 5 MB file (a picture, then bytes that are not) is accepted; only the picture is stored', async () => {
    const res = (await upload(multipartBody([filePart(pngOfSize(5 * 1024 * 1024))]))).json() as Answer
    expect(res).toMatchObject({ code: 1 })
    const got = await served(res.data?.url ?? '')
    expect(got.rawPayload.length).toBeLessThan(1024)
    expect((await sharp(got.rawPayload).metadata()).width).toBe(1)
  })

  it('needs a logged-in shopper', async () => {
    expect((await upload(multipartBody([filePart(PNG)]), MULTIPART, '')).json()).toMatchObject({ code: -1, msg: '请先登录', reason: 'login_required' })
    expect((await upload(multipartBody([filePart(PNG)]), MULTIPART, 'not-a-token')).json()).toMatchObject({ code: -1 })
  })
})

describe('re-encoding: what is stored is the picture drawn again, nothing else', () => {
  it('a PNG signature followed by HTML is refused with a reason the shopper understands, in zh and en; nothing is stored', async () => {
    const before = await storedCount()
    expect(await uploadPicture(PNG_SIGNATURE_HTML)).toEqual({ code: 0, msg: '图片已损坏或无法识别，请换一张', data: null, reason: 'picture_unreadable' })
    expect(await uploadPicture(PNG_SIGNATURE_HTML, token, '?lang=en')).toMatchObject({ code: 0, msg: 'This picture is damaged or cannot be read. Please choose another', reason: 'picture_unreadable' })
    expect(await storedCount()).toBe(before)
  })

  it('a real picture with HTML after it: the picture is stored, the HTML is not', async () => {
    const res = await uploadPicture(Buffer.concat([PNG, Buffer.from('<html><script>alert(document.cookie)</script></html>')]))
    expect(res.code).toBe(1)
    const got = await served(res.data?.url ?? '')
    expect(got.rawPayload.includes('<script')).toBe(false)
    expect((await sharp(got.rawPayload).metadata()).format).toBe('png')
  })

  it('a phone photo with its GPS location in EXIF, taken sideways: served upright, with no EXIF at all', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 60, b: 30 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 13/1 4/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 28/1 29/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const sent = await sharp(photo).metadata()
    expect(sent.orientation).toBe(6)
    expect(exifHasGps(sent.exif ?? Buffer.alloc(0))).toBe(true)
    expect(photo.includes('Exif\0\0')).toBe(true)

    const res = await uploadPicture(photo)
    expect(res.code).toBe(1)
    expect(res.data?.url).toMatch(/\.jpg$/)
    const got = (await served(res.data?.url ?? '')).rawPayload
    const meta = await sharp(got).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 20, 40])
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(got.includes('Exif\0\0')).toBe(false)
    expect(got.includes('PhoneMaker')).toBe(false)
  })

  it('an image declaring 100 000 × 100 000 pixels in a few hundred bytes is refused before it is decoded', async () => {
    const bomb = pngDeclaring(100_000, 100_000)
    expect(bomb.length).toBeLessThan(200)
    const before = await storedCount()
    expect(await uploadPicture(bomb)).toEqual({ code: 0, msg: '图片像素过多（最多 50 百万像素），请缩小后再上传', data: null, reason: 'picture_too_many_pixels', params: { megapixels: 50 } })
    expect(await uploadPicture(pngDeclaring(8000, 6251))).toMatchObject({ reason: 'picture_too_many_pixels' })
    expect(await storedCount()).toBe(before)
  })

  it(`a large picture is stored at most ${MAX_EDGE} pixels on its longest side`, async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: { r: 10, g: 120, b: 200 } } }).webp().toBuffer()
    const res = await uploadPicture(wide)
    const meta = await sharp((await served(res.data?.url ?? '')).rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', MAX_EDGE, 683])
  })

  it('a PNG whose re-encoding would pass 5 MB (a photo kept as PNG) is stored as WebP, under 5 MB', async () => {
    const noisy = pngPaletteNoise(2000, 2000)
    expect(noisy.length).toBeLessThan(5 * 1024 * 1024)
    const res = await uploadPicture(noisy)
    expect(res.data?.url).toMatch(/\.webp$/)
    const got = await served(res.data?.url ?? '')
    expect(got.headers['content-type']).toBe('image/webp')
    expect(got.rawPayload.length).toBeLessThanOrEqual(5 * 1024 * 1024)
    const meta = await sharp(got.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2000, 2000])
  })
})

describe('malformed or refused uploads answer code 0 (HTTP 200) with a reason, never a 5xx', () => {
  const cases = badUploads()
  it.each(cases.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
    const before = await storedCount()
    const res = await upload(c.body, c.contentType)
    expect(res.statusCode).toBe(200)
    const body = res.json() as Answer
    expect(body).toMatchObject({ code: 0, msg: expect.any(String), data: null })
    expect(isReason(body.reason)).toBe(true)
    expect(([] as string[]).concat(c.reason)).toContain(body.reason)
    expect(body.msg).not.toMatch(/undefined|\[object|Error|FST_|busboy|\{/i)
    expect(await storedCount()).toBe(before)
  })

  it('the server still answers after all of them', async () => {
    expect((await upload(multipartBody([filePart(PNG)]))).json()).toMatchObject({ code: 1 })
  })
})

describe('uploads per shopper per business day (Asia/Shanghai, on the server clock)', () => {
  const at = (text: string) => holdServerClock(parseText(text).valueOf())

  it(`${UPLOADS_PER_DAY} pictures a day; the next one is refused until the business day turns at midnight in Shanghai`, async () => {
    const shopper = (await s.quickUser('13500000101'))
    const other = (await s.quickUser('13500000102'))
    // Yesterday's pictures do not count.
    holdServerClock(parseText('2026-03-10 00:00:00').valueOf() - 1)
    expect((await uploadPicture(PNG, shopper.token)).code).toBe(1)
    at('2026-03-10 09:00:00')
    for (let i = 1; i <= UPLOADS_PER_DAY; i++) expect([i, (await uploadPicture(PNG, shopper.token)).code]).toEqual([i, 1])
    const before = await storedCount()
    expect(await uploadPicture(PNG, shopper.token)).toEqual({ code: 0, msg: `每天最多上传 ${UPLOADS_PER_DAY} 张图片，请明天再试`, data: null, reason: 'upload_daily_limit', params: { max: UPLOADS_PER_DAY } })
    expect(await uploadPicture(PNG, shopper.token, '?lang=en')).toMatchObject({ code: 0, msg: `At most ${UPLOADS_PER_DAY} pictures a day can be uploaded. Please try again tomorrow`, reason: 'upload_daily_limit' })
    expect(await storedCount()).toBe(before)
    // Another shopper is not limited by this one.
    expect((await uploadPicture(PNG, other.token)).code).toBe(1)
    // 23:59:59.999 in Shanghai (15:59:59.999 UTC) is still the same business day.
    holdServerClock(parseText('2026-03-11 00:00:00').valueOf() - 1)
    expect((await uploadPicture(PNG, shopper.token)).reason).toBe('upload_daily_limit')
    at('2026-03-11 00:00:00')
    expect((await uploadPicture(PNG, shopper.token)).code).toBe(1)
  })

  it('counted when stored: uploads racing at the limit store exactly up to it', async () => {
    const shopper = (await s.quickUser('13500000103'))
    at('2026-04-02 12:00:00')
    for (let i = 0; i < UPLOADS_PER_DAY - 2; i++)
      await s.run("INSERT INTO uploads (user_id, name, mime, data, created_at, public_id, reencoded) VALUES (?, 'p.png', 'image/png', ?, '2026-04-02 08:00:00', ?, 1)", shopper.userId, PNG, `race${String(i).padStart(18, '0')}`)
    const answers = await Promise.all(Array.from({ length: 6 }, () => uploadPicture(PNG, shopper.token)))
    expect(answers.filter((a) => a.code === 1)).toHaveLength(2)
    expect(answers.filter((a) => a.reason === 'upload_daily_limit')).toHaveLength(4)
    expect(await s.row('SELECT COUNT(*) AS n FROM uploads WHERE user_id = ?', shopper.userId)).toEqual({ n: UPLOADS_PER_DAY })
  })
})

describe('the global error handler: a route that lets multipart errors through still answers code 0', () => {
  it.each([
    ['no boundary', 'multipart/form-data', multipartBody([filePart(PNG)]), 'malformed_request'],
    ['body cut short inside the file', MULTIPART, multipartBody([filePart(PNG)]).subarray(0, multipartBody([filePart(PNG)]).length - 80), 'malformed_request'],
    ['two files', MULTIPART, multipartBody([filePart(PNG), filePart(PNG)]), 'too_many_files'],
    ['too large', MULTIPART, multipartBody([filePart(pngOfSize(6 * 1024 * 1024))]), 'file_too_large'],
  ] as const)('%s', async (_label, contentType, body, reason) => {
    // A careless route: reads every part and catches nothing (in a multipart scope, as the server's upload is).
    const bare = await startServer({
      extraRoutes: (app) =>
        withMultipart(app, (scope) =>
          scope.post('/api/test/careless', async (req) => {
            for await (const part of req.parts({ limits: { files: 1 } })) if (part.type === 'file') await part.toBuffer()
            return { code: 1, msg: 'ok', data: null }
          }),
        ),
    })
    try {
      const res = await bare.app.inject({ method: 'POST', url: '/api/test/careless', headers: { 'content-type': contentType }, payload: body })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ code: 0, data: null, reason })
    } finally {
      await bare.close()
    }
  })
})

// ---------------------------------------------------------------------------------------------------------------
// Over a real TCP connection: inject hands the whole body to the server at once and never sees a reset.

interface RawAnswer {
  status: number
  headers: string
  body: string
  /** Socket errors the client saw (EPIPE, ECONNRESET). */
  errors: string[]
  /** Body bytes the client wrote before the exchange ended. */
  sent: number
}

/**
 * A client as a phone's uploader behaves: the request line, the headers, then the whole body written as fast as the
 * connection takes it (`Connection: close`); the answer is read as it comes. Bounded: given up after 20 s.
 */
function rawPost(port: number, path: string, headers: Record<string, string>, body: Buffer, opts: { declaredLength?: number; chunked?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const errors: string[] = []
    const received: Buffer[] = []
    let sent = 0
    const giveUp = setTimeout(() => socket.destroy(new Error('client timeout')), 20_000)
    socket.on('data', (d) => received.push(d))
    socket.on('error', (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message))
    socket.on('close', () => {
      clearTimeout(giveUp)
      const raw = Buffer.concat(received).toString('utf8')
      const split = raw.indexOf('\r\n\r\n')
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0), headers: raw.slice(0, Math.max(0, split)), body: split < 0 ? '' : raw.slice(split + 4), errors, sent })
    })
    const framing = opts.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${opts.declaredLength ?? body.length}`
    const head = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', framing, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), 'Connection: close', '', ''].join('\r\n')
    socket.write(head)
    const CHUNK = 64 * 1024
    const next = () => {
      if (socket.destroyed) return
      if (sent >= body.length) {
        if (opts.chunked) socket.write('0\r\n\r\n')
        return
      }
      const chunk = body.subarray(sent, sent + CHUNK)
      sent += chunk.length
      const framed = opts.chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk
      socket.write(framed, (err) => {
        if (!err) next()
      })
    }
    next()
  })
}

describe('a body too large for its route, over a real TCP connection: the envelope, not a reset', () => {
  let port: number
  beforeAll(async () => {
    await s.app.listen({ host: '127.0.0.1', port: 0 })
    port = (s.app.server.address() as AddressInfo).port
  })

  const envelope = (a: RawAnswer) => JSON.parse(a.body) as Answer

  it('a 6 MB picture: HTTP 200 and 图片不能超过 5 MB, after the whole body was sent', async () => {
    const body = multipartBody([filePart(pngOfSize(6 * 1024 * 1024))])
    const a = await rawPost(port, `/api/${UPLOAD_PATH}`, { 'Content-Type': MULTIPART, 'Access-Token': token }, body)
    expect(a.errors).toEqual([])
    expect(a.sent).toBe(body.length)
    expect(a.status).toBe(200)
    expect(envelope(a)).toEqual({ code: 0, msg: '图片不能超过 5 MB', data: null, reason: 'picture_too_large' })
  })

  it('a 6 MB picture sent without a length (chunked): refused as soon as it passes 5 MB, the answer arrives', async () => {
    const body = multipartBody([filePart(pngOfSize(6 * 1024 * 1024))])
    const a = await rawPost(port, `/api/${UPLOAD_PATH}`, { 'Content-Type': MULTIPART, 'Access-Token': token }, body, { chunked: true })
    expect(a.errors).toEqual([])
    expect(a.sent).toBe(body.length)
    expect(a.status).toBe(200)
    expect(envelope(a)).toEqual({ code: 0, msg: '图片不能超过 5 MB', data: null, reason: 'picture_too_large' })
  })

  it('a 6 MB picture from a shopper who is not logged in: the login refusal arrives', async () => {
    const body = multipartBody([filePart(pngOfSize(6 * 1024 * 1024))])
    const a = await rawPost(port, `/api/${UPLOAD_PATH}`, { 'Content-Type': MULTIPART }, body)
    expect(a.errors).toEqual([])
    expect(a.status).toBe(200)
    expect(envelope(a)).toMatchObject({ code: -1, reason: 'login_required' })
  })

  it('a 6 MB JSON body (over the 256 KB limit): HTTP 200 and 请求内容过大', async () => {
    const body = Buffer.from(JSON.stringify({ remark: 'x'.repeat(6 * 1024 * 1024) }))
    const a = await rawPost(port, '/api/personal.order/create', { 'Content-Type': 'application/json', 'Access-Token': token }, body)
    expect(a.errors).toEqual([])
    expect(a.sent).toBe(body.length)
    expect(a.status).toBe(200)
    expect(envelope(a)).toMatchObject({ code: 0, msg: '请求内容过大', reason: 'body_too_large' })
  })

  it('bounded: a body declared over 32 MB is not read; the answer comes at once and the connection closes', async () => {
    const started = Date.now()
    // Only the headers are sent: the server must not wait for 64 MB.
    const a = await rawPost(port, `/api/${UPLOAD_PATH}`, { 'Content-Type': MULTIPART, 'Access-Token': token }, Buffer.alloc(0), { declaredLength: 64 * 1024 * 1024 })
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(a.status).toBe(200)
    expect(envelope(a)).toMatchObject({ code: 0, reason: 'picture_too_large' })
    expect(a.headers).toMatch(/\r\nconnection: close/i)
  })

  it('bounded in time: a body that keeps coming is answered and closed after the drain time', async () => {
    const app = Fastify({ bodyLimit: 1024 })
    finishReadingBeforeAnswering(app, { maxBytes: 1024 * 1024, maxMs: 300 })
    app.post('/echo', async () => ({ code: 1 }))
    app.setErrorHandler((_err, _req, reply) => reply.code(200).send({ code: 0, msg: 'too large', data: null }))
    await app.listen({ host: '127.0.0.1', port: 0 })
    try {
      const socket = net.connect((app.server.address() as AddressInfo).port, '127.0.0.1')
      const received: Buffer[] = []
      socket.on('data', (d) => received.push(d))
      socket.on('error', () => {})
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
      // Declares 512 KB, sends 8 KB and then nothing more: the answer must not wait for the rest forever.
      socket.write(`POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${512 * 1024}\r\n\r\n${'x'.repeat(8192)}`)
      await closed
      const raw = Buffer.concat(received).toString('utf8')
      expect(raw).toMatch(/^HTTP\/1\.1 200/)
      expect(raw).toMatch(/\r\nconnection: close/i)
      expect(raw).toContain('"too large"')
    } finally {
      await app.close()
    }
  })
})
