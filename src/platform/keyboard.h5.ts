import type { Keyboard } from './keyboard.types'

/** Roles that Enter activates, and those Space also activates (as for native controls; links take Enter only). */
const ENTER_ROLES = ['button', 'link', 'tab', 'radio', 'checkbox', 'switch', 'menuitem', 'option']
const SPACE_ROLES = ['button', 'tab', 'radio', 'checkbox', 'switch', 'menuitem', 'option']
const NATIVE = /^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/

function isDisabled(el: Element): boolean {
  return el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true'
}

/** Enter / Space on a focused element with a role (Taro's View, Text, Button): a click, as a tap would be. */
function onKeyDown(e: KeyboardEvent): void {
  const el = e.target
  if (!(el instanceof HTMLElement) || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || NATIVE.test(el.tagName)) return
  const role = el.getAttribute('role') ?? (el.tagName === 'TARO-BUTTON-CORE' ? 'button' : '')
  const enter = e.key === 'Enter' && ENTER_ROLES.includes(role)
  const space = (e.key === ' ' || e.key === 'Spacebar') && SPACE_ROLES.includes(role)
  if (!enter && !space) return
  // Space would also scroll the page.
  e.preventDefault()
  if (!isDisabled(el)) el.click()
}

/**
 * Taro's H5 Button is a custom element (<taro-button-core>): no role and not in the tab order. Give each one
 * what a <button> has: role, tabindex while enabled, aria-disabled while disabled.
 */
function markButton(b: Element): void {
  if (!b.hasAttribute('role')) b.setAttribute('role', 'button')
  const disabled = b.hasAttribute('disabled')
  if (disabled) {
    b.setAttribute('aria-disabled', 'true')
    b.removeAttribute('tabindex')
  } else {
    b.removeAttribute('aria-disabled')
    if (b.getAttribute('tabindex') !== '0') b.setAttribute('tabindex', '0')
  }
}

function markButtons(root: ParentNode): void {
  root.querySelectorAll('taro-button-core').forEach(markButton)
}

/**
 * Taro's H5 tab bar draws each tab as <a href="javascript:;"> with its own click handler: following that href is
 * a script URL, which the pages' Content-Security-Policy refuses (a violation report on every tab tap). The tab's
 * handler does the switching; the link's default is not wanted.
 */
function onClick(e: MouseEvent): void {
  const link = e.target instanceof Element ? e.target.closest('a[href^="javascript:"]') : null
  if (link) e.preventDefault()
}

let installed = false

export const keyboard: Keyboard = {
  install() {
    if (installed || typeof document === 'undefined') return
    installed = true
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('click', onClick, true)
    markButtons(document)
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') {
          if (r.target instanceof Element && r.target.tagName === 'TARO-BUTTON-CORE') markButton(r.target)
        } else {
          r.addedNodes.forEach((n) => {
            if (!(n instanceof Element)) return
            if (n.tagName === 'TARO-BUTTON-CORE') markButton(n)
            markButtons(n)
          })
        }
      }
    }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] })
  },
}
