/**
 * Runs real compiled Taro pages (dist/) in miniprogram-simulate. The simulator gives `Component`,
 * `Behavior` and a `wx` of stubs; Taro also needs `App`, `Page`, `getApp` and `getCurrentPages`, which
 * this harness provides: `Page(options)` becomes a component whose `attached` runs onLoad/onShow.
 * Each `openPage` loads the whole app in a fresh module registry (webpack runs a page module once).
 */
const path = require('path')
const fs = require('fs')

const DIST = path.resolve(__dirname, '../dist')

function assertBuilt() {
  if (!fs.existsSync(path.join(DIST, 'app.json'))) throw new Error('dist/ is missing: run `npm run build:weapp` first')
}

function readAppJson() {
  assertBuilt()
  return JSON.parse(fs.readFileSync(path.join(DIST, 'app.json'), 'utf8'))
}

/** Every route the compiled app declares, main package first. */
function appRoutes(appJson = readAppJson()) {
  const subs = (appJson.subPackages || []).flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))
  return [...appJson.pages, ...subs]
}

const flush = (ms = 0) => new Promise((r) => setTimeout(r, ms))

/**
 * Open `route` with `query` as the only page on the stack (or on top of `stackBelow` fake pages).
 * Returns the simulator, the page component and the wx stubs to spy on.
 */
async function openPage(route, { query = {}, stackBelow = 0, beforeApp } = {}) {
  assertBuilt()
  let result
  await new Promise((resolve, reject) => {
    jest.isolateModules(() => {
      try {
        delete global.wx
        const simulate = require('miniprogram-simulate')
        const state = { app: null, pages: Array.from({ length: stackBelow }, (_, i) => ({ route: `pages/below${i}/index`, options: {} })) }
        global.App = (options) => {
          state.app = options
        }
        global.getApp = () => state.app
        global.getCurrentPages = () => state.pages
        global.Page = (options) => {
          const methods = {}
          for (const key of Object.keys(options)) if (typeof options[key] === 'function') methods[key] = options[key]
          global.Component({
            data: options.data || {},
            methods,
            lifetimes: {
              attached() {
                this.route = route
                this.options = query
                state.pages.push(this)
                if (this.onLoad) this.onLoad(query)
                if (this.onShow) this.onShow()
                if (this.onReady) this.onReady()
              },
            },
          })
        }
        // The launch as WeChat reports it to the app's code (getLaunchOptionsSync): this route is the entry page.
        global.wx.getLaunchOptionsSync = () => ({ path: route, query, scene: 1001 })
        if (beforeApp) beforeApp(global.wx)
        require(path.join(DIST, 'app.js'))
        state.app.onLaunch({ path: route, query, scene: 1001 })
        state.app.onShow({ path: route, query, scene: 1001 })
        const id = simulate.load(path.join(DIST, route), { rootPath: DIST })
        const page = simulate.render(id)
        page.attach(document.createElement('parent-wrapper'))
        result = { simulate, page, wx: global.wx, app: state.app, state }
        // For the tree a failing test leaves in reports/simulator/ (test-mp/environment.js).
        if (global.__ocpSimPages) global.__ocpSimPages.push({ page, route })
        resolve()
      } catch (e) {
        reject(e)
      }
    })
  })
  // Taro renders through setData after a tick or two.
  await waitFor(() => result.page.dom.querySelector('[class~="main--page"]'))
  return result
}

/**
 * Poll every 10 ms until `fn` returns something truthy (bounded: `timeoutMs / 10` looks — a limit on a hung test, not a
 * timing check). Counted in looks, not read off a clock: on a loaded machine each look comes later and the bound
 * stretches with it (a wall-clock bound ran out while the process had no CPU, the answer waiting to be read).
 */
async function waitFor(fn, timeoutMs = 8000) {
  for (let looks = Math.ceil(timeoutMs / 10); ; looks--) {
    const value = fn()
    if (value) return value
    if (looks <= 0) throw new Error(`waitFor gave up after ${Math.ceil(timeoutMs / 10)} looks, 10 ms apart (${timeoutMs} ms on an idle machine)`)
    await flush(10)
  }
}

/** Taro prefixes class names with the component tag (`main--nav-bar__title`). */
function byClass(page, cls) {
  return page.dom.querySelector(`[class~="main--${cls}"], [class~="${cls}"]`)
}

/** Every node with this class (as byClass finds them). */
const allByClass = (page, cls) => Array.from(page.dom.querySelectorAll(`[class~="main--${cls}"], [class~="${cls}"]`))
/** The text of the first node with this class ('' when there is none). */
const text = (page, cls) => byClass(page, cls)?.textContent ?? ''
/** The texts of every node with this class. */
const texts = (page, cls) => allByClass(page, cls).map((e) => e.textContent)

/** Every wx.showModal answered "confirm" (for beforeApp: a dialog the test taps through). */
function answerModalsYes(wx) {
  wx.showModal = (o) => {
    const res = { confirm: true, cancel: false, errMsg: 'showModal:ok' }
    if (o.success) o.success(res)
    if (o.complete) o.complete(res)
    return Promise.resolve(res)
  }
}

/** The route table of the source (src/routes.ts), read as text so this tier needs no TypeScript. */
function sourceRoutes() {
  const text = fs.readFileSync(path.resolve(__dirname, '../src/routes.ts'), 'utf8')
  return [...text.matchAll(/\{ path: '([^']+)', zh: '([^']+)', en: '([^']+)' \}/g)].map((m) => ({ path: m[1], zh: m[2], en: m[3] }))
}

module.exports = { DIST, readAppJson, appRoutes, sourceRoutes, openPage, byClass, allByClass, text, texts, flush, waitFor, answerModalsYes }
