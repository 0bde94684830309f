/**
 * H5's payment sheets (issue 40), drawn by the payment layer itself — like the camera scanner (src/platform/scanCamera):
 * plain DOM above the page, so every screen that pays gets them without a component of its own. Loaded with a dynamic
 * import only when one is needed (src/payment/adapter.h5.ts): not in any first load.
 * - The choice of WeChat Pay or Alipay in a plain browser (the one used last offered first and marked);
 * - WeChat Pay's Native QR code on a desktop browser, until it is paid (asked every few seconds) or the shopper is done.
 * Each is a modal dialog to assistive technology: focus moves in and stays in, Escape and the backdrop close it, every
 * action is a real button of at least 44 × 44 px, words in the shopper's language.
 */
import qrcode from 'qrcode-generator'
import { centsToYuan } from '@/contract/money'
import { t as coreT } from '@/core/i18n'
import type { PayparamPayload } from '@/contract/order'
import { t } from '../messages'
import './paySheets.css'

export type PayMethodChoice = NonNullable<PayparamPayload['pay_method']>

/** How often the QR sheet asks whether the code was paid. */
export const QR_POLL_MS = 3000

interface Sheet {
  panel: HTMLElement
  close: () => void
}

let seq = 0

/** A bottom sheet (a centred card on a wide screen) with a title; `onClose` once, by a button, Escape, the backdrop or leaving the page. */
function openSheet(title: string, kind: string, onClose: () => void): Sheet {
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
  const id = `pay-sheet-${++seq}`
  const root = document.createElement('div')
  root.className = `pay-sheet pay-sheet--${kind}`
  const mask = document.createElement('div')
  mask.className = 'pay-sheet__mask'
  mask.setAttribute('aria-hidden', 'true')
  const panel = document.createElement('div')
  panel.className = 'pay-sheet__panel'
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-modal', 'true')
  panel.setAttribute('aria-labelledby', `${id}-title`)
  panel.tabIndex = -1
  const heading = document.createElement('h2')
  heading.className = 'pay-sheet__title'
  heading.id = `${id}-title`
  heading.textContent = title
  panel.appendChild(heading)
  root.append(mask, panel)
  document.body.appendChild(root)

  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    root.remove()
    document.removeEventListener('keydown', onKey, true)
    window.removeEventListener('popstate', onLeave)
    window.removeEventListener('pagehide', onLeave)
    if (before && document.contains(before)) before.focus()
  }
  const buttons = () => Array.from(panel.querySelectorAll<HTMLButtonElement>('button:not([disabled])'))
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' || e.key === 'Esc') {
      e.preventDefault()
      onClose()
    } else if (e.key === 'Tab') {
      const items = buttons()
      if (!items.length) return
      const first = items[0]
      const last = items[items.length - 1]
      if (e.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
        e.preventDefault()
        first.focus()
      }
    }
  }
  const onLeave = () => onClose()
  mask.addEventListener('click', () => onClose())
  document.addEventListener('keydown', onKey, true)
  window.addEventListener('popstate', onLeave)
  window.addEventListener('pagehide', onLeave)
  return { panel, close }
}

function button(text: string, className: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button')
  b.type = 'button'
  b.className = className
  b.textContent = text
  b.addEventListener('click', onClick)
  return b
}

const SVG = 'http://www.w3.org/2000/svg'

/** The method's badge: its colour and a mark drawn in SVG (no words: the name beside it says which). */
function badge(m: PayMethodChoice): HTMLElement {
  const icon = document.createElement('span')
  icon.className = 'pay-sheet__icon'
  icon.setAttribute('aria-hidden', 'true')
  const svg = document.createElementNS(SVG, 'svg')
  svg.setAttribute('viewBox', '0 0 24 24')
  svg.setAttribute('width', '60%')
  svg.setAttribute('height', '60%')
  const path = document.createElementNS(SVG, 'path')
  // WeChat Pay: a speech bubble (WeChat's mark); Alipay: a yuan sign. Not a tick or a ring: they would read as a
  // checkbox and a radio button, and nothing here is selected until it is tapped.
  path.setAttribute('d', m === 'wechat' ? 'M4 5h16v10H10l-5 4v-4H4z' : 'M7 4l5 7 5-7M12 11v9M8 13h8M8 17h8')
  path.setAttribute('fill', 'none')
  path.setAttribute('stroke', '#fff')
  path.setAttribute('stroke-width', '2.4')
  path.setAttribute('stroke-linecap', 'round')
  path.setAttribute('stroke-linejoin', 'round')
  svg.appendChild(path)
  icon.appendChild(svg)
  return icon
}

function amountLine(cents: number): HTMLElement {
  const p = document.createElement('p')
  p.className = 'pay-sheet__amount'
  p.textContent = t('pay.choose.amount', { amount: centsToYuan(cents) })
  return p
}

/**
 * WeChat Pay or Alipay, in a plain browser (the server asked: both are configured). The one used last comes first,
 * marked; resolves with the pick, or null when the shopper closes the sheet.
 */
export function chooseMethod(methods: readonly PayMethodChoice[], last: PayMethodChoice | undefined, cents: number): Promise<PayMethodChoice | null> {
  return new Promise((resolve) => {
    const ordered = last && methods.includes(last) ? [last, ...methods.filter((m) => m !== last)] : [...methods]
    let sheet: Sheet | null = null
    const done = (picked: PayMethodChoice | null) => {
      sheet?.close()
      resolve(picked)
    }
    sheet = openSheet(t('pay.choose.title'), 'methods', () => done(null))
    const list = document.createElement('div')
    list.className = 'pay-sheet__list'
    for (const m of ordered) {
      const b = button('', `pay-sheet__method pay-sheet__method--${m}`, () => done(m))
      const icon = badge(m)
      const name = document.createElement('span')
      name.className = 'pay-sheet__name'
      name.textContent = t(m === 'wechat' ? 'pay.method.wechat' : 'pay.method.alipay')
      b.append(icon, name)
      if (m === last) {
        const tag = document.createElement('span')
        tag.className = 'pay-sheet__tag'
        tag.textContent = t('pay.method.last')
        b.appendChild(tag)
      }
      list.appendChild(b)
    }
    sheet.panel.append(amountLine(cents), list, button(coreT('common.cancel'), 'pay-sheet__cancel', () => done(null)))
    list.querySelector('button')?.focus()
  })
}

/**
 * WeChat Pay's Native payment on a desktop browser: the code_url as a QR code to scan with WeChat on a phone. Resolves
 * 'confirm' when the shopper says it is paid or `isPaid` finds it paid (asked every QR_POLL_MS), 'cancelled' when
 * the shopper closes it; the pay pipeline then asks the server either way (personal.order/payResult).
 */
export function showNativeQr(codeUrl: string, cents: number, isPaid: () => Promise<boolean>): Promise<'confirm' | 'cancelled'> {
  return new Promise((resolve) => {
    let sheet: Sheet | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let done = false
    const finish = (result: 'confirm' | 'cancelled') => {
      if (done) return
      done = true
      clearTimeout(timer)
      sheet?.close()
      resolve(result)
    }
    sheet = openSheet(t('pay.qr.title'), 'qr', () => finish('cancelled'))
    const qr = qrcode(0, 'M')
    qr.addData(codeUrl)
    qr.make()
    const img = document.createElement('img')
    img.className = 'pay-sheet__qr'
    img.src = qr.createDataURL(6, 8)
    img.alt = t('pay.qr.alt')
    const hint = document.createElement('p')
    hint.className = 'pay-sheet__hint'
    hint.textContent = t('pay.qr.hint')
    const status = document.createElement('p')
    status.className = 'pay-sheet__status'
    status.setAttribute('role', 'status')
    status.textContent = t('pay.qr.waiting')
    const paid = button(t('pay.qr.done'), 'pay-sheet__primary', () => finish('confirm'))
    sheet.panel.append(amountLine(cents), img, hint, status, paid, button(coreT('common.cancel'), 'pay-sheet__cancel', () => finish('cancelled')))
    paid.focus()
    const poll = () => {
      timer = setTimeout(() => {
        isPaid().then(
          (yes) => (yes ? finish('confirm') : done || poll()),
          () => done || poll(),
        )
      }, QR_POLL_MS)
    }
    poll()
  })
}
