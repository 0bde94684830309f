import { UPLOAD_PATH } from '../../src/contract/endpoints'
import { startServer, type TestServer } from './helpers'
import { JPEG, MULTIPART, PNG, WEBP, badUploads, filePart, multipartBody, pngOfSize } from './multipart'

let s: TestServer
let token: string
beforeAll(async () => {
  s = await startServer()
  token = (await s.login('13500000077')).token
})
afterAll(() => s.close())

const upload = (body: Buffer | string, contentType = MULTIPART, tok = token) =>
  s.app.inject({ method: 'POST', url: `/api/${UPLOAD_PATH}`, headers: { 'content-type': contentType, 'access-token': tok }, payload: body })

describe('uploads: random public names, type from the bytes', () => {
  it.each([
    ['PNG', PNG, 'png', 'image/png'],
    ['JPEG', JPEG, 'jpg', 'image/jpeg'],
    ['WebP', WEBP, 'webp', 'image/webp'],
  ] as const)('%s is stored under an unguessable name and served with its detected type', async (_label, bytes, ext, mime) => {
    // The declared type is the client's word only: WeChat often sends application/octet-stream.
    const res = await upload(multipartBody([{ name: 'share_user_user_id', data: '7' }, filePart(bytes, 'IMG_0001.HEIC', 'application/octet-stream')]))
    expect(res.statusCode).toBe(200)
    const { code, data } = res.json() as { code: number; data: { url: string } }
    expect(code).toBe(1)
    expect(data.url).toMatch(new RegExp(`^/uploads/[A-Za-z0-9_-]{22}\\.${ext}$`))
    const got = await s.app.inject({ method: 'GET', url: data.url })
    expect(got.statusCode).toBe(200)
    expect(got.headers['content-type']).toBe(mime)
    expect(got.headers['x-content-type-options']).toBe('nosniff')
    expect(got.rawPayload.equals(bytes)).toBe(true)
    const row = s.app.db.prepare('SELECT mime, public_id FROM uploads WHERE public_id = ?').get(data.url.slice(9, 31)) as { mime: string }
    expect(row.mime).toBe(mime)
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
    const old = s.app.db.prepare("INSERT INTO uploads (user_id, name, mime, data, created_at) VALUES (1, 'old.png', 'image/png', ?, '2026-01-01 00:00:00')").run(PNG)
    expect((await s.app.inject({ method: 'GET', url: `/uploads/${old.lastInsertRowid}.png` })).statusCode).toBe(404)
  })

  it('exactly 5 MB is accepted', async () => {
    const res = await upload(multipartBody([filePart(pngOfSize(5 * 1024 * 1024))]))
    expect(res.json()).toMatchObject({ code: 1 })
  })

  it('needs a logged-in shopper', async () => {
    expect((await upload(multipartBody([filePart(PNG)]), MULTIPART, '')).json()).toMatchObject({ code: -1, msg: '请先登录' })
    expect((await upload(multipartBody([filePart(PNG)]), MULTIPART, 'not-a-token')).json()).toMatchObject({ code: -1 })
  })
})

describe('malformed or refused uploads answer code 0 (HTTP 200), never a 5xx', () => {
  const cases = badUploads()
  it.each(cases.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
    const before = (s.app.db.prepare('SELECT COUNT(*) AS n FROM uploads').get() as { n: number }).n
    const res = await upload(c.body, c.contentType)
    expect(res.statusCode).toBe(200)
    const body = res.json() as { code: number; msg: string; data: unknown }
    expect(body).toEqual({ code: 0, msg: expect.any(String), data: null })
    expect(body.msg).toMatch(c.msg)
    expect(body.msg).not.toMatch(/undefined|\[object|Error|FST_|busboy/i)
    expect((s.app.db.prepare('SELECT COUNT(*) AS n FROM uploads').get() as { n: number }).n).toBe(before)
  })

  it('the server still answers after all of them', async () => {
    expect((await upload(multipartBody([filePart(PNG)]))).json()).toMatchObject({ code: 1 })
  })
})

describe('the global error handler: a route that lets multipart errors through still answers code 0', () => {
  it.each([
    ['no boundary', 'multipart/form-data', multipartBody([filePart(PNG)]), '请求格式错误'],
    ['body cut short inside the file', MULTIPART, multipartBody([filePart(PNG)]).subarray(0, multipartBody([filePart(PNG)]).length - 80), '请求格式错误'],
    ['two files', MULTIPART, multipartBody([filePart(PNG), filePart(PNG)]), '上传的文件过多'],
    ['too large', MULTIPART, multipartBody([filePart(pngOfSize(6 * 1024 * 1024))]), '文件过大'],
  ] as const)('%s', async (_label, contentType, body, msg) => {
    const bare = await startServer()
    try {
      // A careless route: reads every part and catches nothing.
      bare.app.post('/api/test/careless', async (req) => {
        for await (const part of req.parts({ limits: { files: 1 } })) if (part.type === 'file') await part.toBuffer()
        return { code: 1, msg: 'ok', data: null }
      })
      const res = await bare.app.inject({ method: 'POST', url: '/api/test/careless', headers: { 'content-type': contentType }, payload: body })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ code: 0, msg, data: null })
    } finally {
      await bare.close()
    }
  })
})
