import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let dir: string
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-static-'))
  fs.mkdirSync(path.join(dir, 'js'))
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>一卡通</title>${'<!-- pad -->'.repeat(200)}`)
  fs.writeFileSync(path.join(dir, 'js', 'app.0123abcd.js'), `console.log(1);${' '.repeat(5000)}`)
  s = await startServer(dir)
})
afterAll(async () => {
  await s.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('serving the H5 build', () => {
  it('deep links and unknown page paths answer index.html, never cached', async () => {
    for (const url of ['/', '/pages/card/my', '/pages/nope/index?x=1']) {
      const res = await s.app.inject({ method: 'GET', url })
      expect([url, res.statusCode]).toEqual([url, 200])
      expect(res.body).toContain('一卡通')
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it('hashed assets are cached for a year and compressed', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/js/app.0123abcd.js', headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('br')
    const html = await s.app.inject({ method: 'GET', url: '/pages/card/my', headers: { 'accept-encoding': 'gzip' } })
    expect(html.headers['content-encoding']).toBe('gzip')
  })

  it('a missing file with an extension is a 404, an unknown API path a code 0', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/js/missing.js' })).statusCode).toBe(404)
    const api = await s.app.inject({ method: 'GET', url: '/api/nope' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toMatchObject({ code: 0 })
  })
})
