// Import Taro before anything else (circular import otherwise), then register React with Taro's H5 runtime
// once, so hooks such as useLoad / useDidShow work in mounted pages.
import '@tarojs/taro'
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import { forgetAnswers } from '@/core/cache'
import { connectRequest } from '@/core/request'
import { apiBase } from '@/platform/apiBase'
import { transport } from '@/platform/transport'
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createH5NativeComponentConfig } = require('@tarojs/plugin-framework-react/dist/runtime') as {
  createH5NativeComponentConfig: (c: unknown, r: typeof React, d: typeof ReactDOM) => unknown
}

createH5NativeComponentConfig(() => null, React, ReactDOM)
// What app.tsx does at start: the request client gets the (H5) transport the fake API spies on.
connectRequest(transport, () => apiBase.base())
;(globalThis as unknown as { React: typeof React }).React = React

afterEach(() => {
  window.localStorage.clear()
  // The request client's kept answers (src/core/cache.ts) live as long as the app: each test starts without any.
  forgetAnswers()
})

// @tarojs/test-utils-react calls react-dom/test-utils' act, which React 18.3 flags as deprecated on every
// mount; that warning is about the library, not our code, and would drown real errors.
const consoleError = console.error.bind(console)
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('ReactDOMTestUtils.act')) return
  consoleError(...args)
}

// jsdom has no IntersectionObserver; Taro's H5 <Image lazyLoad> asks for one. Never intersecting is what a
// test needs (images do not load in jsdom anyway).
if (typeof window !== 'undefined' && !('IntersectionObserver' in window)) {
  class NoIntersections {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  Object.defineProperty(window, 'IntersectionObserver', { value: NoIntersections, configurable: true })
}

// Taro's test queries wait 1 s for an element by default. That is a bound on waiting for a condition, not a
// timed assertion, and 1 s is short on a busy two-core CI machine where a page mounts the whole H5 runtime:
// give every waitForQuery… 15 s unless the test asks for something else (a CI run beside other work measured a page
// search over 5 s: a bound on a hang costs nothing while the test passes).
const WAIT_MS = 15_000
// Index of the optional `params` argument of each waiting query.
const paramsAt: Record<string, number> = {
  waitForQuerySelector: 1,
  waitForQuerySelectorAll: 1,
  waitForQueryByText: 2,
  waitForQueryAllByText: 2,
  waitForQueryByAttribute: 2,
  waitForQueryAllByAttribute: 2,
  waitForQueryByPlaceholder: 1,
  waitForQueryAllByPlaceholder: 1,
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Queries } = require('@tarojs/test-utils-dom') as { Queries: { prototype: Record<string, (...a: unknown[]) => unknown> } }
for (const [name, at] of Object.entries(paramsAt)) {
  const original = Queries.prototype[name]
  if (typeof original !== 'function') continue
  Queries.prototype[name] = function (this: unknown, ...args: unknown[]) {
    const given = (args[at] ?? {}) as { timeout?: number }
    args[at] = { ...given, timeout: given.timeout ?? WAIT_MS }
    return original.apply(this, args)
  }
}
