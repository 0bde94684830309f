import type { NewOrderAlert } from './alert.types'

type AudioCtor = typeof AudioContext
let ctx: AudioContext | null = null

const ctorOf = (): AudioCtor | undefined => {
  if (typeof window === 'undefined') return undefined
  if (typeof AudioContext !== 'undefined') return AudioContext
  return (window as Window & { webkitAudioContext?: AudioCtor }).webkitAudioContext
}

/** Events that count as a user gesture for the browser's autoplay rule (pointerdown of a touch does not). */
const GESTURES = ['click', 'touchend', 'keydown'] as const

/**
 * The browser: two short tones from a Web Audio oscillator (no audio file to download). Browsers let a page play sound
 * only after a user gesture: the audio context is created (or resumed) at the staff member's first tap on the page.
 */
export const newOrderAlert: NewOrderAlert = {
  kind: 'sound',
  state() {
    if (!ctorOf()) return 'none'
    return ctx && ctx.state !== 'closed' ? 'ready' : 'locked'
  },
  unlock() {
    const Ctor = ctorOf()
    if (!Ctor) return
    try {
      if (!ctx || ctx.state === 'closed') ctx = new Ctor()
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined)
    } catch {
      ctx = null
    }
  },
  onFirstGesture(onGesture) {
    if (typeof document === 'undefined') return () => undefined
    const handler = () => {
      stop()
      onGesture()
    }
    const stop = () => GESTURES.forEach((g) => document.removeEventListener(g, handler, true))
    GESTURES.forEach((g) => document.addEventListener(g, handler, true))
    return stop
  },
  play() {
    if (!ctx || ctx.state === 'closed') return
    try {
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined)
      const start = ctx.currentTime + 0.01
      ;[880, 660].forEach((hz, i) => {
        const c = ctx as AudioContext
        const at = start + i * 0.18
        const osc = c.createOscillator()
        const gain = c.createGain()
        osc.type = 'sine'
        osc.frequency.setValueAtTime(hz, at)
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16)
        osc.connect(gain)
        gain.connect(c.destination)
        osc.start(at)
        osc.stop(at + 0.17)
      })
    } catch {
      // A browser that refuses: silence.
    }
  },
}
