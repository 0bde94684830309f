import type { DialogFocus } from './dialog.types'

const FOCUSABLE = '[tabindex]:not([tabindex="-1"]), button, input, a[href]'
const FOCUS_RETRY_MS = 20
const FOCUS_TRIES = 50

export const dialogFocus: DialogFocus = {
  hold(id, onEscape) {
    if (typeof document === 'undefined') return () => undefined
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const focusables = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE))
    // The dialog is rendered in the same commit, but on a busy page its element can reach the document (or become
    // focusable) a little later: try on the next tick and again until the focus is inside it, for at most a second.
    const focusIn = (triesLeft: number) => {
      const root = document.getElementById(id)
      if (root) (focusables(root)[0] ?? root).focus()
      if (root?.contains(document.activeElement) || triesLeft <= 0) return
      timer = setTimeout(() => focusIn(triesLeft - 1), FOCUS_RETRY_MS)
    }
    let timer = setTimeout(() => focusIn(FOCUS_TRIES), 0)
    const onKey = (e: KeyboardEvent) => {
      const root = document.getElementById(id)
      if (!root) return
      if (e.key === 'Escape' || e.key === 'Esc') {
        e.preventDefault()
        onEscape()
      } else if (e.key === 'Tab') {
        const items = focusables(root)
        if (!items.length) return
        const first = items[0]
        const last = items[items.length - 1]
        if (e.shiftKey && (document.activeElement === first || !root.contains(document.activeElement))) {
          e.preventDefault()
          last.focus()
        } else if (!e.shiftKey && (document.activeElement === last || !root.contains(document.activeElement))) {
          e.preventDefault()
          first.focus()
        }
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('keydown', onKey)
      if (before && document.contains(before)) before.focus()
    }
  },
}
