import TestUtils from '@tarojs/test-utils-react'
import { getPageInstance, HOOKS_APP_ID } from '@tarojs/runtime'

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

const TRY_MS = 20
// The real timer, taken before any test fakes the clock: a test that holds it (jest.useFakeTimers) still waits here.
const realSetTimeout = globalThis.setTimeout

/**
 * Retry an assertion until it holds, letting React work 20 ms between tries; fail with its last error after
 * `timeout / 20` tries. Counted in tries, not read off a clock: on a loaded machine each try takes longer and the
 * bound stretches with it (a 2 s wall-clock bound could pass while the process had no CPU), and a test that holds
 * the clock (Date.now held, or jest's fake timers) still gets a bound without moving it.
 */
export async function until(t: TestUtils, assertion: () => void, timeout = 2000): Promise<void> {
  for (let tries = Math.ceil(timeout / TRY_MS); ; tries--) {
    try {
      assertion()
      return
    } catch (e) {
      if (tries <= 0) throw e
      await t.act(() => new Promise((r) => realSetTimeout(r, TRY_MS)))
    }
  }
}

/**
 * The runtime shows the screen (what it does after mounting, and again when the shopper comes back to it):
 * runs every useDidShow callback of screens mounted outside a page (test mounts), inside act.
 */
export async function show(t: TestUtils): Promise<void> {
  const inst = getPageInstance(HOOKS_APP_ID) as { componentDidShow?: Array<() => void> | (() => void) } | undefined
  const callbacks = inst?.componentDidShow
  await t.act(async () => {
    for (const f of Array.isArray(callbacks) ? callbacks : callbacks ? [callbacks] : []) f()
  })
}

/** The runtime hides the screen (another page or tab on top): every useDidHide callback of test mounts, inside act. */
export async function hide(t: TestUtils): Promise<void> {
  const inst = getPageInstance(HOOKS_APP_ID) as { componentDidHide?: Array<() => void> | (() => void) } | undefined
  const callbacks = inst?.componentDidHide
  await t.act(async () => {
    for (const f of Array.isArray(callbacks) ? callbacks : callbacks ? [callbacks] : []) f()
  })
}
