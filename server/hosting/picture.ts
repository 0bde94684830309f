import sharp, { type Metadata, type Sharp } from 'sharp'
import { BizError, refuse } from '../domain/refusal'

export type PictureMime = 'image/jpeg' | 'image/png' | 'image/webp'

/** An upload over this many pixels is refused before it is decoded (a small file can declare a huge image). */
export const MAX_INPUT_PIXELS = 50_000_000
/** The stored picture's longest side, after turning it upright: larger pictures are scaled down. */
export const MAX_EDGE = 2048
/** The stored picture's largest size in bytes. */
export const MAX_OUTPUT_BYTES = 5 * 1024 * 1024
/** Decoding and encoding one picture may take this long. */
const TIMEOUT_SECONDS = 15

const FORMAT: Record<PictureMime, 'jpeg' | 'png' | 'webp'> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }

/**
 * The picture's type from its first bytes (the declared mimetype and filename are the client's word, not
 * checked). Only these three reach the decoder: no SVG, TIFF, HEIF or GIF parser is ever run on an upload.
 */
export function imageType(data: Buffer): PictureMime | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg'
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp'
  return null
}

const encode = (image: Sharp, mime: PictureMime) =>
  mime === 'image/jpeg' ? image.jpeg({ quality: 82, mozjpeg: true }) : mime === 'image/png' ? image.png({ compressionLevel: 6 }) : image.webp({ quality: 82 })

/**
 * An upload decoded and drawn again: what is stored and served is only the re-encoded picture, never the bytes
 * sent (a PNG signature followed by HTML is not a picture and is refused; bytes after a real picture are
 * dropped). Turned upright from its EXIF orientation, then every piece of metadata (EXIF with its GPS
 * location, XMP, IPTC, ICC — colours converted to sRGB) is left out. Kept in its format (JPEG, PNG, WebP; an
 * animated one keeps its first frame), at most MAX_EDGE pixels on its longest side; a PNG whose re-encoding
 * would be over MAX_OUTPUT_BYTES (a large photo saved as PNG) is stored as WebP instead (not with keepFormat).
 * Refusals: not one of the three formats by its bytes (picture_type), does not decode (picture_unreadable),
 * over MAX_INPUT_PIXELS (picture_too_many_pixels), still over MAX_OUTPUT_BYTES (picture_too_large).
 */
export async function reencodePicture(data: Buffer, opts: { keepFormat?: boolean } = {}): Promise<{ mime: PictureMime; data: Buffer; width: number; height: number }> {
  const mime = imageType(data)
  if (!mime) throw refuse('picture_type')
  let meta: Metadata
  try {
    // Reads the header only (no pixel is decoded; sharp's own pixel limit is lifted so the answer can name ours).
    meta = await sharp(data, { limitInputPixels: false }).metadata()
  } catch {
    throw refuse('picture_unreadable')
  }
  if (meta.format !== FORMAT[mime] || !meta.width || !meta.height) throw refuse('picture_unreadable')
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw refuse('picture_too_many_pixels', { megapixels: MAX_INPUT_PIXELS / 1_000_000 })

  const upright = () =>
    sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
      .autoOrient()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .timeout({ seconds: TIMEOUT_SECONDS })
  try {
    let out = await encode(upright(), mime).toBuffer({ resolveWithObject: true })
    let stored = mime
    if (out.data.length > MAX_OUTPUT_BYTES && mime === 'image/png' && !opts.keepFormat) {
      out = await encode(upright(), 'image/webp').toBuffer({ resolveWithObject: true })
      stored = 'image/webp'
    }
    if (out.data.length > MAX_OUTPUT_BYTES) throw refuse('picture_too_large')
    return { mime: stored, data: out.data, width: out.info.width, height: out.info.height }
  } catch (err) {
    if (err instanceof BizError) throw err
    throw refuse('picture_unreadable')
  }
}
