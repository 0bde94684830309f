import { PHOTO_MAX_SIDE, PHOTO_QUALITY, type LocalPhoto, type Photos } from './photos.types'
import { networkFailure, uploadTarget, uploadedUrl } from './photoUpload'

/** One picture from a file input (appended while open so every browser opens it; removed after). */
function pickFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = 'image/*'
    input.style.display = 'none'
    const done = (file: File | null) => {
      input.remove()
      resolve(file)
    }
    input.addEventListener('change', () => done(input.files?.[0] ?? null))
    input.addEventListener('cancel', () => done(null))
    document.body.appendChild(input)
    input.click()
  })
}

const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'))
    reader.readAsDataURL(blob)
  })

/** The picture drawn (a bitmap where the browser has createImageBitmap, else an Image of its data: URL). */
async function drawable(file: File): Promise<{ source: CanvasImageSource; width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file)
    return { source: bitmap, width: bitmap.width, height: bitmap.height }
  }
  const url = await readAsDataUrl(file)
  const img = new Image()
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve()
    img.onerror = () => reject(new Error('not a picture'))
    img.src = url
  })
  return { source: img, width: img.naturalWidth, height: img.naturalHeight }
}

/** Compressed on a canvas: JPEG, the longest side at most PHOTO_MAX_SIDE, a white ground under transparent parts. */
async function compress(file: File): Promise<Blob> {
  const { source, width, height } = await drawable(file)
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height, 1))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(width * scale))
  canvas.height = Math.max(1, Math.round(height * scale))
  const ctx = canvas.getContext('2d')
  if (!ctx) return file
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height)
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY))
  // A small original may already be smaller than its re-encoding: send the smaller of the two (when it is a JPEG or PNG).
  if (!blob) return file
  return file.size < blob.size && /^image\/(jpeg|png)$/.test(file.type) ? file : blob
}

export const photos: Photos = {
  async choose(): Promise<LocalPhoto | null> {
    const file = await pickFile()
    if (!file) return null
    const blob = await compress(file)
    return { preview: await readAsDataUrl(blob), source: blob }
  },

  upload(photo, onProgress) {
    return new Promise<string>((resolve, reject) => {
      const { url, headers } = uploadTarget()
      const xhr = new XMLHttpRequest()
      xhr.open('POST', url)
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v)
      xhr.timeout = 60000
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)))
      }
      xhr.onload = () => {
        try {
          resolve(uploadedUrl(xhr.status, xhr.responseText))
        } catch (err) {
          reject(err)
        }
      }
      xhr.onerror = () => reject(networkFailure())
      xhr.ontimeout = () => reject(networkFailure())
      const form = new FormData()
      const source = typeof photo.source === 'string' ? new Blob([photo.source]) : photo.source
      form.append('file', source, source.type === 'image/png' ? 'photo.png' : 'photo.jpg')
      xhr.send(form)
    })
  },
}
