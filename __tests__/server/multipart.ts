// Hand-built multipart bodies for the upload tests (well-formed and malformed), and tiny real images.

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
/** JPEG start (SOI + JFIF APP0) and end markers: what the signature check looks at. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
])

export const filePart = (data: Buffer | string, filename = 'photo.png', type = 'image/png', name = 'file'): Part => ({ name, filename, type, data })

/** A body of `size` bytes that starts like a PNG. */
export const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 0x20)])

export interface RawUpload {
  label: string
  contentType: string
  body: Buffer | string
  /** Words the msg must contain. */
  msg: RegExp
}

/** Malformed or refused uploads: each must answer HTTP 200, code 0, never a 5xx. */
export function badUploads(): RawUpload[] {
  const fields = (n: number) => Array.from({ length: n }, (_, i): Part => ({ name: `f${i}`, data: String(i) }))
  const good = multipartBody([filePart(PNG)])
  return [
    { label: 'no boundary in the Content-Type', contentType: 'multipart/form-data', body: good, msg: /格式错误/ },
    { label: 'empty boundary', contentType: 'multipart/form-data; boundary=', body: good, msg: /格式错误|没有收到图片/ },
    { label: 'body cut short inside the file', contentType: MULTIPART, body: good.subarray(0, good.length - PNG.length / 2 - 40), msg: /不完整/ },
    { label: 'body cut short before the closing boundary', contentType: MULTIPART, body: openBody([filePart(PNG)]), msg: /不完整/ },
    { label: 'headers only, no parts', contentType: MULTIPART, body: `--${BOUNDARY}\r\n`, msg: /不完整|没有收到图片/ },
    { label: 'empty body', contentType: MULTIPART, body: '', msg: /没有收到图片|不完整/ },
    { label: 'garbage instead of parts', contentType: MULTIPART, body: 'hello, this is not multipart at all', msg: /没有收到图片|不完整/ },
    { label: 'malformed part header', contentType: MULTIPART, body: `--${BOUNDARY}\r\nContent-Disposition form-data name=file\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`, msg: /没有收到图片|不完整/ },
    { label: 'too many fields', contentType: MULTIPART, body: multipartBody([...fields(11), filePart(PNG)]), msg: /表单项过多/ },
    { label: 'too many parts', contentType: MULTIPART, body: multipartBody([...fields(10), filePart(PNG), { name: 'late', data: 'x' }]), msg: /表单项过多/ },
    { label: 'two files', contentType: MULTIPART, body: multipartBody([filePart(PNG), filePart(PNG, 'b.png')]), msg: /一张/ },
    { label: 'a __proto__ field', contentType: MULTIPART, body: multipartBody([{ name: '__proto__', data: 'x' }, filePart(PNG)]), msg: /表单项不正确/ },
    { label: 'a non-file field only', contentType: MULTIPART, body: multipartBody([{ name: 'file', data: 'not a file' }]), msg: /没有收到图片/ },
    { label: 'wrong field name', contentType: MULTIPART, body: multipartBody([filePart(PNG, 'photo.png', 'image/png', 'image')]), msg: /字段名应为 file/ },
    { label: 'a 6 MB file', contentType: MULTIPART, body: multipartBody([filePart(pngOfSize(6 * 1024 * 1024))]), msg: /5 MB/ },
    { label: 'an empty file', contentType: MULTIPART, body: multipartBody([filePart(Buffer.alloc(0))]), msg: /空/ },
    { label: 'a text file renamed .png', contentType: MULTIPART, body: multipartBody([filePart('hello, I am text, not a picture\n')]), msg: /只支持/ },
    { label: 'an SVG declared image/png', contentType: MULTIPART, body: multipartBody([filePart('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')]), msg: /只支持/ },
    { label: 'a GIF', contentType: MULTIPART, body: multipartBody([filePart(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'a.gif', 'image/gif')]), msg: /只支持/ },
    { label: 'a truncated PNG signature', contentType: MULTIPART, body: multipartBody([filePart(PNG.subarray(0, 5))]), msg: /只支持/ },
    { label: 'a JSON body', contentType: 'application/json', body: JSON.stringify({ file: PNG.toString('base64') }), msg: /multipart/ },
    { label: 'a urlencoded body', contentType: 'application/x-www-form-urlencoded', body: 'file=abc', msg: /multipart|不支持/ },
  ]
}
