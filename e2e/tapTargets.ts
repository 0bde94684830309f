/**
 * Tap targets of at least 44 × 44 CSS px (WCAG 2.1 2.5.5 Target Size, level AAA; axe's target-size rule checks 2.2's
 * 2.5.8, 24 px, only). Measured on the screen as the shopper has it, in e2e/axe.e2e.ts's visit of every screen (one
 * visit per screen and language for all the checks).
 *
 * A tap target: a button (`<button>`, Taro's `<taro-button-core>`), a link (`<a href>`), an input, select or text
 * area, and anything given a widget role or put in the Tab order (`role=button|link|tab|radio|checkbox|switch|…`,
 * `tabindex` ≥ 0: the app's tappable Views and Texts, src/platform/keyboard.h5.ts). Its size is its own box
 * (getBoundingClientRect): invisible padding or a transparent border that makes the box 44 × 44 counts (the whole box
 * takes the tap); a pseudo-element drawn outside the box does not.
 *
 * Not measured: what is not shown (no box, `visibility: hidden`, inside `aria-hidden` — the server's drawn first
 * screen — or a page Taro keeps below the one on top), and the page's scroll areas (a focusable `scroll-view`: far
 * larger than 44). Exempt, as 2.5.5 allows ("Inline: the target is in a sentence or block of text"): an inline element
 * inside a line of other words (a link in a sentence); listed as exempt in the report, never silently.
 */
import type { Page } from 'playwright-core'

export const MIN_TARGET_PX = 44

export interface TapTarget {
  /** tag.class#n, enough to find it in the screen's source. */
  what: string
  /** Its words (or label), shortened. */
  words: string
  width: number
  height: number
}

export interface TapTargetResult {
  /** Targets under 44 × 44 that are not exempt: each fails the screen. */
  small: TapTarget[]
  /** Empty one-line inputs whose placeholder is wider than the input: cut off (width: the words', height: the room's). */
  cut: TapTarget[]
  /** Inline targets inside a sentence (2.5.5's exception), whatever their size. */
  inline: TapTarget[]
  /** How many targets were measured. */
  measured: number
}

/** Every tap target of the document on screen, measured (see the header). */
export function measureTapTargets(page: Page): Promise<TapTargetResult> {
  return page.evaluate((min) => {
    const SELECTOR = [
      'button',
      'taro-button-core',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="radio"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="menuitemradio"]',
      '[role="option"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',')
    const shownPage = (el: Element): boolean => {
      const host = el.closest('.taro_page')
      return !host || !host.classList.contains('taro_page_shade')
    }
    const describe = (el: Element, r: DOMRect) => {
      const cls = Array.from(el.classList)
        .filter((c) => !c.startsWith('taro-') && c !== 'hydrated')
        .slice(0, 3)
        .join('.')
      const words = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? (el as HTMLInputElement).placeholder ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
      return { what: `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`, words, width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 }
    }
    /** The nearest ancestor laid out as a block (what a line of words sits in). */
    const blockOf = (el: Element): Element | null => {
      for (let p = el.parentElement; p; p = p.parentElement) if (!getComputedStyle(p).display.startsWith('inline')) return p
      return null
    }
    const targets = Array.from(document.querySelectorAll(SELECTOR))
    /** Words of the line `el` sits in that are not a target's: some share its line (2.5.5's "in a sentence"). */
    const inSentence = (el: Element, r: DOMRect): boolean => {
      const block = blockOf(el)
      if (!block) return false
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!(n.textContent ?? '').trim() || el.contains(n)) continue
        const owner = n.parentElement
        if (owner && targets.some((t) => t.contains(owner))) continue
        const range = document.createRange()
        range.selectNodeContents(n)
        for (const line of Array.from(range.getClientRects())) {
          const overlap = Math.min(line.bottom, r.bottom) - Math.max(line.top, r.top)
          if (overlap > r.height / 2) return true
        }
      }
      return false
    }
    const small: ReturnType<typeof describe>[] = []
    const inline: ReturnType<typeof describe>[] = []
    let measured = 0
    for (const el of targets) {
      const style = getComputedStyle(el)
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || el.closest('[aria-hidden="true"]') || !shownPage(el)) continue
      // The page's scroll areas are focusable for the keyboard (axe's scrollable-region-focusable), not tap targets.
      if (el.matches('taro-scroll-view-core, .taro-scroll-view__scroll-x, .taro-scroll-view__scroll-y')) continue
      // Taro's H5 Input and Textarea: the <input>/<textarea> inside takes the tap (their wrapper has no handler).
      if (el.matches('taro-input-core, taro-textarea-core') && el.querySelector('input, textarea')) continue
      measured++
      const target = describe(el, r)
      if (style.display === 'inline' && inSentence(el, r)) {
        inline.push(target)
        continue
      }
      if (r.width < min - 0.01 || r.height < min - 0.01) small.push(target)
    }
    // Placeholders cut off: an empty one-line input whose placeholder, in the placeholder's own font, is wider than the
    // room inside the input (issue 39: the merchant form's "Street and number, 4–100 charac").
    const cut: ReturnType<typeof describe>[] = []
    const ctx = document.createElement('canvas').getContext('2d')
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
      const r = input.getBoundingClientRect()
      if (!ctx || input.value !== '' || r.width === 0 || input.closest('[aria-hidden="true"]') || !shownPage(input)) continue
      const ph = getComputedStyle(input, '::placeholder')
      const box = getComputedStyle(input)
      ctx.font = `${ph.fontStyle} ${ph.fontWeight} ${ph.fontSize} ${ph.fontFamily}`
      const need = ctx.measureText(input.placeholder).width
      const room = input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight)
      if (need > room + 0.5) cut.push({ ...describe(input, r), words: input.placeholder, width: Math.round(need), height: Math.round(room) })
    }
    return { small, cut, inline, measured }
  }, MIN_TARGET_PX)
}

/** One line per cut placeholder, for a failure message. */
export const describeCut = (cut: TapTarget[]): string[] => cut.map((c) => `${c.what} "${c.words}" needs ${c.width} px, has ${c.height}`)

/** One line per small target, for a failure message. */
export const describeSmall = (small: TapTarget[]): string[] => small.map((s) => `${s.what} "${s.words}" ${s.width}×${s.height}`)
