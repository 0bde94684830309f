import TestUtils from '@tarojs/test-utils-react'

/** Page-test helpers: mount screens (unmounted after each test) and read or tap what a shopper sees. */
const mounted: TestUtils[] = []

export async function mount(Page: () => JSX.Element): Promise<TestUtils> {
  const t = new TestUtils()
  mounted.push(t)
  await t.mount(Page)
  return t
}

/** Call from afterEach: unmounts every screen the test mounted. */
export const unmountAll = (): void => mounted.splice(0).forEach((t) => t.unmout())

export const text = (t: TestUtils, sel: string) => t.queries.querySelector(sel)?.textContent ?? null
export const all = (t: TestUtils, sel: string) => Array.from(t.queries.querySelectorAll(sel)).map((e) => e.textContent ?? '')
export const click = (t: TestUtils, sel: string) => t.act(async () => t.fireEvent.click(t.queries.querySelector(sel) as HTMLElement))

/** Unmount one screen within a test (to mount the same page again). */
export function unmount(t: TestUtils): void {
  t.unmout()
  const i = mounted.indexOf(t)
  if (i >= 0) mounted.splice(i, 1)
}

/** Retry an assertion until it holds (or fail with its last error after `timeout` ms), letting React work between tries. */
export async function until(t: TestUtils, assertion: () => void, timeout = 2000): Promise<void> {
  const end = Date.now() + timeout
  for (;;) {
    try {
      assertion()
      return
    } catch (e) {
      if (Date.now() > end) throw e
      await t.act(() => new Promise((r) => setTimeout(r, 20)))
    }
  }
}
