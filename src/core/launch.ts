import { setItem } from './storage'

/** A launch or show query (the platform reads it: platform/launchQuery). */
export type Query = Record<string, string | undefined>

function decode(v: string): string {
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}

/**
 * Keep what a launch link or QR code carries: the sharer (share_user_user_id), a QR scene (arrives
 * URL-encoded on weapp), a qrCode and other_parent_id. Values that are absent leave the stored ones alone.
 */
export function captureLaunchParams(query: Query): void {
  const share = query.share_user_user_id?.trim()
  if (share && /^[A-Za-z0-9_-]{1,64}$/.test(share)) setItem('share_user_user_id', share)
  const scene = query.scene ? decode(query.scene).trim() : ''
  if (scene) setItem('scene', scene.slice(0, 128))
  const qr = query.qrCode?.trim()
  if (qr) setItem('qrCode', qr.slice(0, 256))
  const parent = query.other_parent_id?.trim()
  if (parent && /^[A-Za-z0-9_-]{1,64}$/.test(parent)) setItem('other_parent_id', parent)
}
