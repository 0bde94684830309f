/**
 * The H5 camera scanner (outside WeChat's browser): a full-screen overlay with the rear camera's video, a frame,
 * a hint and a cancel button in the shopper's language; frames are decoded with jsQR (a pure-JavaScript QR
 * decoder). Only src/platform/scan.h5.ts loads this module, with a dynamic import: it and jsQR are a chunk of
 * their own, fetched when the scanner opens, never on the first load.
 *
 * A refused or missing camera says so in the overlay; its button then ends the scan as 'unavailable', so the
 * screen offers typing the code.
 */
import jsQR from 'jsqr'
import { t as coreT } from '@/core/i18n'
import type { ScanResult } from '../scan.types'
import { t } from './messages'
import './overlay.css'

/** The longest side frames are decoded at (a smaller copy of the video: fast enough on a slow phone). */
export const DECODE_SIDE = 720
/** Time between two decoded frames. */
export const FRAME_MS = 150

/** Scan one code with the camera; resolves when a QR code is read, the shopper cancels, or the camera cannot be used. */
export function scanWithCamera(): Promise<ScanResult> {
  return new Promise<ScanResult>((resolve) => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const root = document.createElement('div')
    root.className = 'qr-scan'
    root.setAttribute('role', 'dialog')
    root.setAttribute('aria-modal', 'true')
    root.setAttribute('aria-label', t('scan.title'))
    const video = document.createElement('video')
    video.className = 'qr-scan__video'
    video.muted = true
    video.autoplay = true
    video.setAttribute('playsinline', '')
    video.setAttribute('muted', '')
    video.setAttribute('aria-hidden', 'true')
    const frame = document.createElement('div')
    frame.className = 'qr-scan__frame'
    frame.setAttribute('aria-hidden', 'true')
    const hint = document.createElement('p')
    hint.className = 'qr-scan__hint'
    hint.textContent = t('scan.starting')
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'qr-scan__cancel'
    button.textContent = coreT('common.cancel')
    root.append(video, frame, hint, button)
    document.body.appendChild(root)
    button.focus()

    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let done = false
    let ending: ScanResult = 'cancelled'
    const canvas = document.createElement('canvas')

    const finish = (result: ScanResult) => {
      if (done) return
      done = true
      clearTimeout(timer)
      stream?.getTracks().forEach((track) => track.stop())
      video.srcObject = null
      root.remove()
      document.removeEventListener('keydown', onKey)
      window.removeEventListener('popstate', onLeave)
      window.removeEventListener('pagehide', onLeave)
      if (before && document.contains(before)) before.focus()
      resolve(result)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' || e.key === 'Esc') finish(ending)
    }
    // Leaving the page (back, another tab's navigation) ends the scan: the camera is never left on.
    const onLeave = () => finish('cancelled')
    button.addEventListener('click', () => finish(ending))
    document.addEventListener('keydown', onKey)
    window.addEventListener('popstate', onLeave)
    window.addEventListener('pagehide', onLeave)

    const refuse = () => {
      if (done) return
      ending = 'unavailable'
      root.classList.add('qr-scan--refused')
      hint.setAttribute('role', 'alert')
      hint.textContent = t('scan.noCamera')
      button.textContent = t('scan.type')
    }

    const tick = () => {
      if (done) return
      const w0 = video.videoWidth
      const h0 = video.videoHeight
      if (video.readyState >= 2 && w0 > 0 && h0 > 0) {
        const scale = Math.min(1, DECODE_SIDE / Math.max(w0, h0))
        const w = Math.round(w0 * scale)
        const h = Math.round(h0 * scale)
        canvas.width = w
        canvas.height = h
        const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D | null
        if (ctx) {
          ctx.drawImage(video, 0, 0, w, h)
          const found = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'attemptBoth' })
          if (found && found.data) return finish({ text: found.data })
        }
      }
      timer = setTimeout(tick, FRAME_MS)
    }

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((s) => {
        if (done) {
          s.getTracks().forEach((track) => track.stop())
          return
        }
        stream = s
        video.srcObject = s
        hint.textContent = t('scan.hint')
        return Promise.resolve(video.play()).then(tick)
      })
      .catch(refuse)
  })
}
