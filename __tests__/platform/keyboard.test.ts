import { keyboard } from '@/platform/keyboard.h5'

/** Lets the MutationObserver run. */
const tick = () => new Promise((r) => setTimeout(r, 0))

function press(el: Element, key: string): boolean {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
  el.dispatchEvent(e)
  return e.defaultPrevented
}

function make(html: string): HTMLElement {
  const host = document.createElement('div')
  host.innerHTML = html
  document.body.appendChild(host)
  return host.firstElementChild as HTMLElement
}

beforeAll(() => keyboard.install())
afterEach(() => {
  document.body.innerHTML = ''
})

describe('H5 keyboard: tappable things answer the keys a native control does', () => {
  it('Enter and Space press a View with role=button', () => {
    const el = make('<div role="button" tabindex="0">Pay</div>')
    const clicks = jest.fn()
    el.addEventListener('click', clicks)
    expect(press(el, 'Enter')).toBe(true)
    expect(press(el, ' ')).toBe(true)
    expect(clicks).toHaveBeenCalledTimes(2)
  })

  it('a link opens on Enter only: Space keeps scrolling the page', () => {
    const el = make('<div role="link" tabindex="0">Shop</div>')
    const clicks = jest.fn()
    el.addEventListener('click', clicks)
    expect(press(el, ' ')).toBe(false)
    press(el, 'Enter')
    expect(clicks).toHaveBeenCalledTimes(1)
  })

  it('nothing happens on a disabled control, an element without a role, or a native input', () => {
    const disabled = make('<div role="button" tabindex="0" aria-disabled="true">Coupon</div>')
    const plain = make('<div tabindex="0">Text</div>')
    const input = make('<input role="button" />')
    const clicks = jest.fn()
    ;[disabled, plain, input].forEach((el) => el.addEventListener('click', clicks))
    ;[disabled, plain, input].forEach((el) => press(el, 'Enter'))
    expect(clicks).not.toHaveBeenCalled()
  })

  it("Taro's Button element becomes a button for the Tab key and screen readers, and says when it is disabled", async () => {
    const b = make('<taro-button-core>Send code</taro-button-core>')
    await tick()
    expect(b.getAttribute('role')).toBe('button')
    expect(b.getAttribute('tabindex')).toBe('0')
    b.setAttribute('disabled', '')
    await tick()
    expect(b.getAttribute('aria-disabled')).toBe('true')
    expect(b.hasAttribute('tabindex')).toBe(false)
    const clicks = jest.fn()
    b.addEventListener('click', clicks)
    press(b, 'Enter')
    expect(clicks).not.toHaveBeenCalled()
    b.removeAttribute('disabled')
    await tick()
    expect(b.hasAttribute('aria-disabled')).toBe(false)
    press(b, ' ')
    expect(clicks).toHaveBeenCalledTimes(1)
  })
})
