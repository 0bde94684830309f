import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { noncesOf } from '../http/security'
import { withNonces } from './static'

/**
 * The operator's console build (issue 45): `dist-console/` (its own build, never part of the shoppers' H5 app) served at
 * `/console/`. index.html for `/console`, `/console/` and every extension-less path under it (the console routes in the
 * browser), never cached, with this answer's CSP nonces on its inline scripts and styles (and on the <style> elements
 * its code adds: server/http/security.ts runtimeStyleNonce, read by antd's CSS-in-JS); files under `assets/` (hashed
 * names) cached for a year; anything else no-cache. Nothing is served when the folder has no index.html.
 */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
}
const FOREVER = 'public, max-age=31536000, immutable'

export function consoleRoutes(app: FastifyInstance, consoleDir: string): void {
  const root = path.resolve(consoleDir)
  const indexFile = path.join(root, 'index.html')
  if (!fs.existsSync(indexFile)) return
  const sendIndex = (reply: FastifyReply) => {
    const html = fs.readFileSync(indexFile, 'utf8')
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(withNonces(html, noncesOf(reply)))
  }
  app.get('/console', (_req, reply) => sendIndex(reply))
  app.get('/console/*', (req, reply) => {
    const rel = decodeURIComponent((req.params as { '*': string })['*'] ?? '')
    const ext = path.extname(rel)
    if (!ext) return sendIndex(reply)
    const file = path.resolve(root, rel)
    const type = TYPES[ext.toLowerCase()]
    if (!file.startsWith(root + path.sep) || !type || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    }
    reply.header('Cache-Control', rel.startsWith('assets/') ? FOREVER : 'no-cache').type(type)
    return reply.send(fs.createReadStream(file))
  })
}
