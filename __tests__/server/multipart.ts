// Hand-built multipart bodies for the upload tests (well-formed and malformed), and tiny real images.
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import type { Reason } from '../../src/contract/reasons'

export const BOUNDARY = '----ocpTestBoundary7MA4YWxkTrZu0gW'
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`

export interface Part {
  name: string
  /** Present: a file part. */
  filename?: string
  type?: string
  data: Buffer | string
}

/** The parts of a multipart/form-data body, without the closing boundary (to cut bodies short). */
export function openBody(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = []
  for (const p of parts) {
    const disposition = p.filename === undefined ? `form-data; name="${p.name}"` : `form-data; name="${p.name}"; filename="${p.filename}"`
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'))
  }
  return Buffer.concat(chunks)
}

export function multipartBody(parts: Part[], boundary = BOUNDARY): Buffer {
  return Buffer.concat([openBody(parts, boundary), Buffer.from(`--${boundary}--\r\n`)])
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
/** A real 1×1 lossless WebP. */
export const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64')
/** A real 1×1 baseline JPEG. */
export const JPEG = Buffer.from(
  '/9j/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAn/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpgA//Z',
  'base64',
)
/** JPEG start (SOI + JFIF APP0) and end markers only: the signature a first-bytes check looked at, no picture. */
export const JPEG_SIGNATURE_ONLY = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
])
/** The PNG signature followed by an HTML page: passes a first-bytes check, is no picture. */
export const PNG_SIGNATURE_HTML = Buffer.concat([PNG.subarray(0, 8), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\n')])

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (data: Buffer) => {
  let c = 0xffffffff
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(8 + data.length + 4)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), 8 + data.length)
  return out
}

/**
 * A decompression bomb's header: a valid PNG (CRCs right) that declares width × height pixels (8-bit grey) with
 * a few bytes of data — a few hundred bytes that would decode to gigabytes.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  return Buffer.concat([PNG.subarray(0, 8), pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])), pngChunk('IEND', Buffer.alloc(0))])
}

export const filePart = (data: Buffer | string, filename = 'photo.png', type = 'image/png', name = 'file'): Part => ({ name, filename, type, data })

/**
 * A real 256-colour PNG of random pixels: about width × height bytes (noise does not compress), while the same
 * picture as a true-colour PNG takes three times that.
 */
export function pngPaletteNoise(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 3 // palette
  const rows = crypto.randomBytes((width + 1) * height)
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0 // filter: none
  return Buffer.concat([PNG.subarray(0, 8), pngChunk('IHDR', ihdr), pngChunk('PLTE', crypto.randomBytes(768)), pngChunk('IDAT', zlib.deflateSync(rows, { level: 1 })), pngChunk('IEND', Buffer.alloc(0))])
}

/** A body of `size` bytes: a real 1×1 PNG followed by spaces (a decoder stops at IEND). */
export const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 0x20)])

export interface RawUpload {
  label: string
  contentType: string
  body: Buffer | string
  /** The reasons it may be refused with (src/contract/reasons.ts). */
  reason: Reason | readonly Reason[]
}

/** Malformed or refused uploads: each must answer HTTP 200, code 0, never a 5xx. */
export function badUploads(): RawUpload[] {
  const fields = (n: number) => Array.from({ length: n }, (_, i): Part => ({ name: `f${i}`, data: String(i) }))
  const good = multipartBody([filePart(PNG)])
  return [
    { label: 'no boundary in the Content-Type', contentType: 'multipart/form-data', body: good, reason: 'upload_broken' },
    { label: 'empty boundary', contentType: 'multipart/form-data; boundary=', body: good, reason: ['upload_broken', 'picture_missing'] },
    { label: 'body cut short inside the file', contentType: MULTIPART, body: good.subarray(0, good.length - PNG.length / 2 - 40), reason: 'upload_broken' },
    { label: 'body cut short before the closing boundary', contentType: MULTIPART, body: openBody([filePart(PNG)]), reason: 'upload_broken' },
    { label: 'headers only, no parts', contentType: MULTIPART, body: `--${BOUNDARY}\r\n`, reason: ['upload_broken', 'picture_missing'] },
    { label: 'empty body', contentType: MULTIPART, body: '', reason: ['upload_broken', 'picture_missing'] },
    { label: 'garbage instead of parts', contentType: MULTIPART, body: 'hello, this is not multipart at all', reason: ['upload_broken', 'picture_missing'] },
    { label: 'malformed part header', contentType: MULTIPART, body: `--${BOUNDARY}\r\nContent-Disposition form-data name=file\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`, reason: ['upload_broken', 'picture_missing'] },
    { label: 'too many fields', contentType: MULTIPART, body: multipartBody([...fields(11), filePart(PNG)]), reason: 'too_many_fields' },
    { label: 'too many parts', contentType: MULTIPART, body: multipartBody([...fields(10), filePart(PNG), { name: 'late', data: 'x' }]), reason: 'too_many_fields' },
    { label: 'two files', contentType: MULTIPART, body: multipartBody([filePart(PNG), filePart(PNG, 'b.png')]), reason: 'one_picture_only' },
    { label: 'a __proto__ field', contentType: MULTIPART, body: multipartBody([{ name: '__proto__', data: 'x' }, filePart(PNG)]), reason: 'upload_fields_invalid' },
    { label: 'a non-file field only', contentType: MULTIPART, body: multipartBody([{ name: 'file', data: 'not a file' }]), reason: 'picture_missing' },
    { label: 'wrong field name', contentType: MULTIPART, body: multipartBody([filePart(PNG, 'photo.png', 'image/png', 'image')]), reason: 'picture_wrong_field' },
    { label: 'a 6 MB file', contentType: MULTIPART, body: multipartBody([filePart(pngOfSize(6 * 1024 * 1024))]), reason: 'picture_too_large' },
    { label: 'an empty file', contentType: MULTIPART, body: multipartBody([filePart(Buffer.alloc(0))]), reason: 'picture_empty' },
    { label: 'a text file renamed .png', contentType: MULTIPART, body: multipartBody([filePart('hello, I am text, not a picture\n')]), reason: 'picture_type' },
    { label: 'an SVG declared image/png', contentType: MULTIPART, body: multipartBody([filePart('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')]), reason: 'picture_type' },
    { label: 'a GIF', contentType: MULTIPART, body: multipartBody([filePart(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'a.gif', 'image/gif')]), reason: 'picture_type' },
    { label: 'a truncated PNG signature', contentType: MULTIPART, body: multipartBody([filePart(PNG.subarray(0, 5))]), reason: 'picture_type' },
    { label: 'a JSON body', contentType: 'application/json', body: JSON.stringify({ file: PNG.toString('base64') }), reason: 'picture_multipart_required' },
    { label: 'a urlencoded body', contentType: 'application/x-www-form-urlencoded', body: 'file=abc', reason: ['picture_multipart_required', 'unsupported_media_type'] },
    // Past the first bytes: what does not decode as a picture, or declares too many pixels, is not stored.
    { label: 'a PNG signature followed by HTML', contentType: MULTIPART, body: multipartBody([filePart(PNG_SIGNATURE_HTML)]), reason: 'picture_unreadable' },
    { label: 'JPEG start and end markers with nothing between', contentType: MULTIPART, body: multipartBody([filePart(JPEG_SIGNATURE_ONLY, 'a.jpg', 'image/jpeg')]), reason: 'picture_unreadable' },
    { label: 'a PNG cut short after its header', contentType: MULTIPART, body: multipartBody([filePart(PNG.subarray(0, 40))]), reason: 'picture_unreadable' },
    { label: 'a PNG declaring 100 000 × 100 000 pixels (a decompression bomb)', contentType: MULTIPART, body: multipartBody([filePart(pngDeclaring(100_000, 100_000))]), reason: 'picture_too_many_pixels' },
  ]
}
