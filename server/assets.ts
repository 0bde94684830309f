import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const PALETTE = ['#e4393c', '#ff7a45', '#faad14', '#52c41a', '#13c2c2', '#1677ff', '#722ed1', '#eb2f96']

/** Demo images drawn on request (no external URLs): a coloured tile with a label. */
export function assetRoutes(app: FastifyInstance): void {
  app.get('/assets/img/:file', async (req, reply) => {
    const { file } = req.params as { file: string }
    const m = /^([a-z]+)-([\w-]{1,32})\.svg$/.exec(file)
    if (!m) return reply.code(404).send('not found')
    const label = String((req.query as Record<string, unknown>).t ?? '').slice(0, 16)
    const hash = crypto.createHash('md5').update(file).digest()
    const color = PALETTE[hash[0] % PALETTE.length]
    const [w, h] = m[1] === 'banner' ? [750, 300] : m[1] === 'avatar' || m[1] === 'module' || m[1] === 'class' ? [120, 120] : [400, 400]
    const size = Math.round(Math.min(w, h) / (label.length > 4 ? 6 : 4))
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="${color}"/><text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-size="${size}" fill="#fff">${esc(label)}</text></svg>`
    return reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(svg)
  })
}
