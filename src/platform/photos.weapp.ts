import Taro from '@tarojs/taro'
import { PHOTO_MAX_SIDE, PHOTO_QUALITY, type LocalPhoto, type Photos } from './photos.types'
import { networkFailure, uploadTarget, uploadedUrl } from './photoUpload'

export const photos: Photos = {
  async choose(): Promise<LocalPhoto | null> {
    let path: string
    try {
      const res = await Taro.chooseMedia({ count: 1, mediaType: ['image'], sourceType: ['album', 'camera'], sizeType: ['compressed'] })
      path = res.tempFiles[0]?.tempFilePath ?? ''
    } catch {
      return null // backed out (or no permission): nothing chosen
    }
    if (!path) return null
    try {
      const small = await Taro.compressImage({ src: path, quality: Math.round(PHOTO_QUALITY * 100), compressedWidth: PHOTO_MAX_SIDE })
      path = small.tempFilePath || path
    } catch {
      // compressImage failed (an unusual format): the picture chosen as "compressed" is sent as it is.
    }
    return { preview: path, source: path }
  },

  upload(photo, onProgress) {
    return new Promise<string>((resolve, reject) => {
      const { url, headers } = uploadTarget()
      const task = Taro.uploadFile({
        url,
        filePath: String(photo.source),
        name: 'file',
        header: headers,
        timeout: 60000,
        success: (res) => {
          try {
            resolve(uploadedUrl(res.statusCode, res.data))
          } catch (err) {
            reject(err)
          }
        },
        fail: () => reject(networkFailure()),
      })
      task.onProgressUpdate((p) => onProgress(p.progress))
    })
  },
}
