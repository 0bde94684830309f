const fs = require('fs')
const path = require('path')
const { DIST, appRoutes, byClass, openPage, readAppJson, sourceRoutes, waitFor } = require('./harness')

/** The one page that takes WeChat's navigation bar: `<web-view>` covers the whole page and anything drawn on it. */
const SYSTEM_BAR = 'pages/webView/index'

const MAIN_FOLDERS = ['index', 'card', 'orders', 'personal', 'accountBind', 'code']

describe('compiled app.json', () => {
  const app = readAppJson()
  const routes = sourceRoutes()

  it('declares every route of the product, Home first', () => {
    expect(routes).toHaveLength(62)
    expect(app.pages[0]).toBe('pages/index/index')
    expect(appRoutes(app).sort()).toEqual(routes.map((r) => r.path).sort())
  })

  it('keeps the tab pages and entry points in the main package, every other folder a sub-package', () => {
    for (const page of app.pages) expect(MAIN_FOLDERS).toContain(page.split('/')[1])
    for (const sub of app.subPackages) {
      expect(MAIN_FOLDERS).not.toContain(sub.root.split('/')[1])
      expect(sub.root.split('/')).toHaveLength(2)
    }
  })

  it('has the four tabs, custom navigation, 60 s network timeouts', () => {
    expect(app.tabBar.list.map((t) => t.pagePath)).toEqual(['pages/index/index', 'pages/card/index', 'pages/orders/index', 'pages/personal/index'])
    expect(app.window.navigationStyle).toBe('custom')
    expect(app.networkTimeout).toEqual({ request: 60000, connectSocket: 60000, uploadFile: 60000, downloadFile: 60000 })
    expect(app.permission['scope.userLocation'].desc).toBeTruthy()
  })

  it('declares the location APIs it calls (getLocation, chooseLocation), never getLocation and getFuzzyLocation together', () => {
    expect(app.requiredPrivateInfos).toEqual(expect.arrayContaining(['getLocation', 'chooseLocation']))
    expect(app.requiredPrivateInfos.includes('getLocation') && app.requiredPrivateInfos.includes('getFuzzyLocation')).toBe(false)
  })
})

describe('every page in the simulator', () => {
  // Payment success opened with no order names no payment: it says "not found" under 支付结果, never 支付成功.
  const OPENED_BARE = { 'pages/payBill/success': '支付结果' }
  // For QA: reports/simulator-routes.md, a row per route (rendered or not, its first words, the time to render).
  const table = []
  afterAll(() => {
    const rows = table.map((r) => `| ${r.route} | ${r.rendered ? 'yes' : '**no**'} | ${r.firstText.replace(/\|/g, '\\|')} | ${r.ms} |`)
    fs.mkdirSync(path.resolve(__dirname, '..', 'reports'), { recursive: true })
    fs.writeFileSync(
      path.resolve(__dirname, '..', 'reports', 'simulator-routes.md'),
      ['# Every route in the simulator', '', '| route | rendered | first text | ms |', '| --- | --- | --- | --- |', ...rows, ''].join('\n'),
    )
  })

  it.each(sourceRoutes().map((r) => [r.path, OPENED_BARE[r.path] ?? r.zh]))('%s loads and shows its title %s', async (route, title) => {
    let setTitle
    const started = Date.now()
    const row = { route, rendered: false, firstText: '', ms: 0 }
    table.push(row)
    const { page } = await openPage(route, { beforeApp: (wx) => (setTitle = jest.spyOn(wx, 'setNavigationBarTitle')) })
    if (route === SYSTEM_BAR) {
      // WeChat's bar, titled by the page; none of the app's own.
      expect(byClass(page, 'nav-bar')).toBeNull()
      await waitFor(() => setTitle.mock.calls.length)
      expect(setTitle).toHaveBeenCalledWith(expect.objectContaining({ title }))
    } else expect(byClass(page, 'nav-bar__title').textContent).toBe(title)
    row.rendered = true
    row.ms = Date.now() - started
    const bar = byClass(page, 'nav-bar')
    const words = (page.dom.textContent ?? '').replace(bar?.textContent ?? '', '').replace(/\s+/g, ' ').trim()
    row.firstText = words.slice(0, 40)
  })
})

describe('navigation', () => {
  it('Home has neither back nor home', async () => {
    const { page } = await openPage('pages/index/index')
    expect(byClass(page, 'nav-bar__back')).toBeNull()
    expect(byClass(page, 'nav-bar__home')).toBeNull()
  })

  it('a page opened directly (shared link) goes Home with the home button', async () => {
    const { page, wx } = await openPage('pages/shops/details', { query: { id: '3' } })
    const switchTab = jest.spyOn(wx, 'switchTab')
    expect(byClass(page, 'nav-bar__back')).toBeNull()
    page.querySelector('.nav-bar__home').dispatchEvent('tap')
    await waitFor(() => switchTab.mock.calls.length)
    expect(switchTab).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/index/index' }))
  })

  it('a page with a page below it goes back', async () => {
    const { page, wx } = await openPage('pages/card/records', { stackBelow: 1 })
    const back = jest.spyOn(wx, 'navigateBack')
    expect(byClass(page, 'nav-bar__home')).toBeNull()
    page.querySelector('.nav-bar__back').dispatchEvent('tap')
    await waitFor(() => back.mock.calls.length)
    expect(back).toHaveBeenCalledWith(expect.objectContaining({ delta: 1 }))
  })

  it('an unknown page lands on Home with a "page not found" toast', async () => {
    const { app, wx } = await openPage('pages/index/index')
    const switchTab = jest.spyOn(wx, 'switchTab').mockImplementation((opts) => opts.success && opts.success({ errMsg: 'switchTab:ok' }))
    const toast = jest.spyOn(wx, 'showToast')
    app.onPageNotFound({ path: 'pages/nope/index', query: {}, isEntryPage: true })
    await waitFor(() => switchTab.mock.calls.length && toast.mock.calls.length)
    expect(switchTab).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/index/index' }))
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '页面不存在' }))
  })
})

describe('the web view', () => {
  it("takes WeChat's navigation bar on that page only (its page config: navigationStyle default); every other page keeps the app's", () => {
    const app = readAppJson()
    for (const route of appRoutes(app)) {
      const own = JSON.parse(fs.readFileSync(path.join(DIST, `${route}.json`), 'utf8'))
      expect([route, own.navigationStyle ?? app.window.navigationStyle]).toEqual([route, route === SYSTEM_BAR ? 'default' : 'custom'])
    }
  })

  it("an allowed page fills the page under WeChat's bar, with no bar of the app's own drawn under it", async () => {
    const { page } = await openPage(SYSTEM_BAR, { query: { url: encodeURIComponent('https://www.example.com/a') } })
    // The simulator draws <web-view> as a bare wx-web-view (its src is not kept as an attribute).
    await waitFor(() => page.dom.querySelector('wx-web-view'))
    expect(byClass(page, 'web-page__frame')).not.toBeNull()
    expect(byClass(page, 'nav-bar')).toBeNull()
    expect(byClass(page, 'state')).toBeNull()
  })
})

describe('My account, anonymous', () => {
  it('the login button navigates to Authorization with the way back', async () => {
    const { page, wx } = await openPage('pages/personal/index')
    const navigateTo = jest.spyOn(wx, 'navigateTo')
    expect(byClass(page, 'account-header__login').textContent).toBe('登录 / 绑定手机')
    page.querySelector('.account-header__login').dispatchEvent('tap')
    await waitFor(() => navigateTo.mock.calls.length)
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: `/pages/accountBind/index?redirect=${encodeURIComponent('/pages/personal/index')}` }))
  })

  it('an entry that needs a user goes to Authorization first, then to that entry', async () => {
    const { page, wx } = await openPage('pages/personal/index')
    const navigateTo = jest.spyOn(wx, 'navigateTo')
    page.querySelector('.menu-list__item--cards').dispatchEvent('tap')
    await waitFor(() => navigateTo.mock.calls.length)
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: `/pages/accountBind/index?redirect=${encodeURIComponent('/pages/card/my')}` }))
  })

  it('an open entry navigates straight there', async () => {
    const { page, wx } = await openPage('pages/personal/index')
    const navigateTo = jest.spyOn(wx, 'navigateTo')
    page.querySelector('.menu-list__item--jobs').dispatchEvent('tap')
    await waitFor(() => navigateTo.mock.calls.length)
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/recruit/index' }))
  })
})

describe('sharing', () => {
  it("a page's share carries the shopper's own id as share_user_user_id", async () => {
    const { page } = await openPage('pages/shops/details', {
      query: { id: '7' },
      beforeApp: (wx) => {
        wx.getStorageSync = (key) => (key === 'myUserId' ? 42 : '')
      },
    })
    const share = page.instance.onShareAppMessage({ from: 'menu' })
    expect(share).toEqual(expect.objectContaining({ title: '店铺详情', path: '/pages/shops/details?id=7&share_user_user_id=42' }))
  })
})
