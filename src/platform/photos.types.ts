/**
 * Merchant sign-up's photos (issue 26), behind one interface: choose one picture, made smaller on the phone, then sent
 * to the server (`index/uploadPic`) with its progress. weapp: Taro.chooseMedia → Taro.compressImage → Taro.uploadFile;
 * H5 (Taro H5 has no compressImage): a file input → a canvas, JPEG with a bounded longest side → XHR with upload progress.
 */

/** A chosen, compressed picture on the phone, ready to send. */
export interface LocalPhoto {
  /** What an Image shows before it is sent (weapp: its temp file; H5: a data: URL, which the page's CSP allows). */
  preview: string
  /** What is sent: weapp the temp file path, H5 the compressed JPEG. */
  source: string | Blob
}

/** The longest side a photo is sent with (px): readable licence text, a few hundred KB. */
export const PHOTO_MAX_SIDE = 1600
/** JPEG quality (0–1) of the compressed photo. */
export const PHOTO_QUALITY = 0.82

export interface Photos {
  /** Choose one picture (album or camera) and compress it; null when the shopper backed out. */
  choose(): Promise<LocalPhoto | null>
  /**
   * Send it; answers the address the server stored it at (`/uploads/…`). `onProgress` gets 0–100 as it goes.
   * Rejects with the app's ApiError (a refusal's reason, a network failure) so the screen can offer a retry.
   */
  upload(photo: LocalPhoto, onProgress: (percent: number) => void): Promise<string>
}
