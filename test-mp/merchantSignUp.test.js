/**
 * Merchant sign-up on weapp (issue 26), against the reference server: the form renders with the server's answers (the
 * account's phone, business classes, the map picker of WeChat), every change is kept in the phone's storage and found
 * again when the page is opened anew, and a submitted application shows its status.
 */
const { byClass, texts, text, waitFor } = require('./harness')
const { call, login, openOn, startServer, uploadPicture } = require('./server')

let server
beforeAll(async () => {
  server = await startServer()
}, 60000)
afterAll(async () => {
  await server?.stop()
})

const PNG = '/uploads/AAAAAAAAAAAAAAAAAAAAAA.png'

describe('merchant sign-up on weapp', () => {
  it('the form with the server\'s answers; a tap is kept in the draft; the map picker fills the point', async () => {
    const me = await login(server.base, '13900000271')
    const storage = { token: me.token, myUserId: me.userId }
    const { page } = await openOn(server.base, 'pages/shopRegister/index', {
      storage,
      stubs: (wx) => {
        wx.chooseLocation = (o) => {
          const res = { latitude: 22.54, longitude: 113.95, name: '科技园', address: '南山区科苑路 1 号', errMsg: 'chooseLocation:ok' }
          if (o && o.success) o.success(res)
          if (o && o.complete) o.complete(res)
          return Promise.resolve(res)
        }
      },
    })
    await waitFor(() => byClass(page, 'mc-submit') !== null, 10000)
    expect(text(page, 'mc-hero__title')).toBe('商家入驻一卡通')
    // The business classes are the server's; the mobile is the account's (no code asked).
    expect(texts(page, 'mc-chip').slice(0, 2)).toEqual(['美食', '丽人'])
    expect(text(page, 'mc-cell__note--ok')).toBe('当前登录手机号，无需验证码')
    page.querySelector('.mc-chip--2').dispatchEvent('tap')
    await waitFor(() => storage.merchantDraft && storage.merchantDraft.fields.class_id === '2', 5000)
    expect(storage.merchantDraft.owner).toBe(me.userId)
    // WeChat's map picker: the point and, the address being empty, its words.
    page.querySelector('.mc-cell--location .mc-cell__line').dispatchEvent('tap')
    await waitFor(() => storage.merchantDraft.fields.lat === '22.54', 5000)
    expect(storage.merchantDraft.fields.address).toBe('南山区科苑路 1 号 科技园')
  })

  it('keeps its draft: opened again, what was chosen is back', async () => {
    const me = await login(server.base, '13900000272')
    const storage = {
      token: me.token,
      myUserId: me.userId,
      merchantDraft: { owner: me.userId, fields: { shop_name: '小程序面馆', class_id: '1', hours: '9:00-21:00', discount_rate: '90', licence_image: PNG } },
    }
    const { page } = await openOn(server.base, 'pages/shopRegister/index', { storage })
    await waitFor(() => byClass(page, 'mc-note--restored') !== null, 10000)
    expect(text(page, 'mc-note--restored')).toBe('已恢复你上次填写的内容')
    expect(texts(page, 'mc-chip--on')).toEqual(['美食', '9 折'])
    expect(byClass(page, 'mc-photo--licence_image').querySelector('[class~="mc-photo__replace"], [class~="main--mc-photo__replace"]')).not.toBeNull()
    // Another account's draft on the same phone is not shown.
    const other = await login(server.base, '13900000273')
    const { page: page2 } = await openOn(server.base, 'pages/shopRegister/index', { storage: { token: other.token, myUserId: other.userId, merchantDraft: storage.merchantDraft } })
    await waitFor(() => byClass(page2, 'mc-submit') !== null, 10000)
    expect(byClass(page2, 'mc-note--restored')).toBeNull()
  })

  it('a submitted application shows its status', async () => {
    const me = await login(server.base, '13900000274')
    const sent = await call(server.base, 'POST', '/api/personal.merchant_application/submit', {
      shop_name: '小程序茶铺', class_id: 1, contact_name: '韩梅梅', mobile: '13900000274', city_id: 1, district: '南山区', address: '科苑路 99 号', hours: '10:00-22:00', discount_rate: 90,
      licence_image: await uploadPicture(server.base, me.token), storefront_image: await uploadPicture(server.base, me.token, 'png'),
    }, me.token)
    expect(sent.data.code).toBe(1)
    const { page } = await openOn(server.base, 'pages/shopRegister/index', { storage: { token: me.token, myUserId: me.userId } })
    await waitFor(() => byClass(page, 'mc-status__title') !== null, 10000)
    expect(text(page, 'mc-status__title')).toBe('申请已提交')
    expect(text(page, 'mc-status__shop-name')).toBe('小程序茶铺')
    expect(byClass(page, 'mc-form')).toBeNull()
  })
})
