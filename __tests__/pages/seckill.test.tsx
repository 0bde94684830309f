/**
 * Issue 14, flash sales: the Flash sales list and the Flash-sale product in the H5 runtime with the one fake API —
 * states, countdowns on the server's clock (the phone's set wrong), buying single-flight within stock and limit.
 */
import { forgetAnswers } from '@/core/cache'
import Taro from '@tarojs/taro'
import type TestUtils from '@tarojs/test-utils-react'
import { getPageInstance, HOOKS_APP_ID } from '@tarojs/runtime'
import type { SeckillProduct, SeckillSession } from '@/contract/seckill'
import { resetClock } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import SeckillDetailPage from '@/pages/seckill/detail'
import SeckillIndexPage from '@/pages/seckill/index'
import { fakeApi, OFFLINE, openedWith, PENDING, refused, resetRouter } from '../support/fakeApi'
import { all, click, mount, text, unmountAll, until } from '../support/screen'
import { order, paged, payparam, product, quote } from '../support/fixtures'

const MIN = 60_000
const hostNow = Date.now.bind(Date)
/**
 * The server's clock in these tests: today's 12:00 Shanghai time, running. The sessions sit around it (from 5 h before
 * to 5 h after), so none crosses a midnight whatever the hour the tests run at (at 22:30 the "upcoming" one read
 * "tomorrow"). The phone's clock is the host's unless a test sets it off.
 */
const NOON_OFFSET = (() => {
  const shanghai = new Date(hostNow() + 8 * 60 * MIN)
  shanghai.setUTCHours(12, 0, 0, 0)
  return shanghai.getTime() - 8 * 60 * MIN - hostNow()
})()
/** A test that reads a countdown holds the server's clock (and with phoneClockOff the phone's) at a whole second. */
let heldAt: number | null = null
const realNow = () => heldAt ?? hostNow() + NOON_OFFSET
/** Hold the clock at `ms` (default: now, to the second); a later call steps it. Released after each test. */
const holdClock = (ms = Math.floor(realNow() / 1000) * 1000): number => (heldAt = ms)
/** Business wall time (+08:00) of an instant, as the server writes it. */
const wall = (ms: number) => new Date(ms + 8 * 60 * MIN).toISOString().slice(0, 19).replace('T', ' ')

afterEach(() => {
  heldAt = null
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
  resetClock()
})

/** The phone's clock `skew` ms wrong; the fake server's clock (X-Server-Time) stays right. */
const phoneClockOff = (skew: number) => jest.spyOn(Date, 'now').mockImplementation(() => realNow() + skew)

/** "距结束 00:04:59" → seconds. */
function secondsIn(s: string | null): number {
  const m = /(\d{2}):(\d{2}):(\d{2})/.exec(s ?? '')
  if (!m) throw new Error(`no time in "${s}"`)
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])
}

const disabled = (t: TestUtils, sel: string) => t.queries.querySelector(sel)?.hasAttribute('disabled')

/** The runtime's "scrolled to the bottom" for screens mounted outside a page. */
async function reachBottom(t: TestUtils) {
  const inst = getPageInstance(HOOKS_APP_ID) as { onReachBottom?: Array<() => void> | (() => void) } | undefined
  const f = inst?.onReachBottom
  await t.act(async () => {
    for (const cb of Array.isArray(f) ? f : f ? [f] : []) cb()
  })
}

/** Three sessions around now on the server's clock: one ended, one on (ends in 30 min), one upcoming (in 90 min). */
function sessionsNow(now = realNow()): SeckillSession[] {
  return [
    { id: 1, title: '00:00 场', start_time: wall(now - 5 * 60 * MIN), end_time: wall(now - 60 * MIN), state: 'ended' },
    { id: 2, title: '08:00 场', start_time: wall(now - 60 * MIN), end_time: wall(now + 30 * MIN), state: 'on' },
    { id: 3, title: '16:00 场', start_time: wall(now + 90 * MIN), end_time: wall(now + 5 * 60 * MIN), state: 'upcoming' },
  ]
}

const item = (over: Partial<SeckillProduct>, s: SeckillSession = sessionsNow()[1]): SeckillProduct => ({
  ...product,
  session_id: s.id,
  start_time: s.start_time,
  end_time: s.end_time,
  state: s.state,
  images: ['/assets/img/product-9.svg', '/assets/img/product-9-2.svg'],
  ...over,
})

describe('Flash sales', () => {
  it('session tabs say ended / on now / upcoming, the session on now is chosen; each product shows its prices, progress and the time left by the server clock', async () => {
    phoneClockOff(10 * MIN)
    holdClock()
    openedWith('pages/seckill/index')
    const sessions = sessionsNow()
    const api = fakeApi(
      { 'hui_public.hsh_seckill_prod/index': () => ({ sessions, ...paged([item({ id: 9, name: '奶茶两杯', stock: 5, total_stock: 20 })]) }) },
      { serverTime: realNow },
    )
    const t = await mount(SeckillIndexPage)
    await t.queries.waitForQuerySelector('.flash-card')
    expect(all(t, '.flash-sessions__state')).toEqual(['已结束', '抢购中', '即将开始'])
    expect(all(t, '.flash-sessions__time')).toEqual(sessions.map((s) => s.start_time.slice(11, 16)))
    expect(t.queries.querySelector('.flash-sessions__tab--active')?.getAttribute('aria-selected')).toBe('true')
    expect(text(t, '.flash-sessions__tab--active .flash-sessions__state')).toBe('抢购中')
    expect(api.called('hui_public.hsh_seckill_prod/index')[0].data).not.toHaveProperty('session_id')
    expect(text(t, '.flash-card__name')).toBe('奶茶两杯')
    expect(text(t, '.flash-card__price')).toBe('¥9.90')
    expect(text(t, '.flash-card__original')).toBe('原价 ¥30.00')
    expect(text(t, '.flash-card__sold')).toBe('已抢 75%')
    expect(text(t, '.flash-card__action')).toBe('马上抢')
    // 30 minutes to the end on the server's clock (held while the screen mounts); the phone, 10 minutes fast, would say 20.
    expect(secondsIn(text(t, '.flash-card__countdown'))).toBe(30 * 60)
    expect(secondsIn(text(t, '.flash__clock-time'))).toBe(30 * 60)
  })

  it('another tab asks for its session; an upcoming one counts down to its start', async () => {
    openedWith('pages/seckill/index')
    const sessions = sessionsNow()
    const api = fakeApi(
      {
        'hui_public.hsh_seckill_prod/index': (q) =>
          q.session_id === 3 ? { sessions, ...paged([item({ id: 11, name: '电饭煲', state: 'upcoming' }, sessions[2])]) } : { sessions, ...paged([item({ id: 9 })]) },
      },
      { serverTime: realNow },
    )
    const t = await mount(SeckillIndexPage)
    await t.queries.waitForQuerySelector('.flash-card')
    await click(t, '.flash-sessions__tab--upcoming')
    await until(t, () => expect(text(t, '.flash-card__name')).toBe('电饭煲'))
    expect(api.called('hui_public.hsh_seckill_prod/index').at(-1)?.data).toMatchObject({ session_id: 3, page: 1 })
    expect(text(t, '.flash-card__action')).toBe('即将开始')
    expect(text(t, '.flash-card__countdown')).toMatch(/^距开始 01:(29|30):\d{2}$/)
    expect(text(t, '.flash__clock-label')).toBe('本场距开始')
  })

  it('more products as the shopper scrolls; a card opens its product', async () => {
    openedWith('pages/seckill/index')
    const sessions = sessionsNow()
    const page1 = Array.from({ length: 10 }, (_, i) => item({ id: 100 + i, name: `商品${i}` }))
    const api = fakeApi(
      { 'hui_public.hsh_seckill_prod/index': (q) => (q.page === 2 ? { sessions, ...paged([item({ id: 200, name: '第二页' })], 2, 10, 11) } : { sessions, ...paged(page1, 1, 10, 11) }) },
      { serverTime: realNow },
    )
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const t = await mount(SeckillIndexPage)
    await until(t, () => expect(all(t, '.flash-card')).toHaveLength(10))
    await reachBottom(t)
    await until(t, () => expect(all(t, '.flash-card__name').at(-1)).toBe('第二页'))
    expect(api.called('hui_public.hsh_seckill_prod/index')).toHaveLength(2)
    expect(text(t, '.list-footer')).toBe('没有更多了')
    await click(t, '.flash-card')
    expect(nav).toHaveBeenCalledWith({ url: '/pages/seckill/detail?id=100' })
  })

  it('loading, then a failure with a retry, then an empty session in English', async () => {
    openedWith('pages/seckill/index')
    let reply: 'pending' | 'offline' | 'empty' = 'pending'
    fakeApi({ 'hui_public.hsh_seckill_prod/index': () => (reply === 'pending' ? PENDING : reply === 'offline' ? OFFLINE : { sessions: sessionsNow(), ...paged([]) }) }, { serverTime: realNow })
    const t = await mount(SeckillIndexPage)
    await t.queries.waitForQuerySelector('.skeleton')
    unmountAll()
    // Another visit, not a return: no exchange of the first still on its way to share (issue 27: src/core/cache.ts).
    forgetAnswers()
    reply = 'offline'
    const t2 = await mount(SeckillIndexPage)
    await t2.queries.waitForQuerySelector('.state--error')
    reply = 'empty'
    await t2.act(async () => setLang('en'))
    await click(t2, '.state__retry')
    await until(t2, () => expect(text(t2, '.state__title')).toBe('Nothing in this session yet'))
    expect(all(t2, '.flash-sessions__state')).toEqual(['Ended', 'On now', 'Upcoming'])
  })
})

describe('Flash-sale product', () => {
  const buyers = { list: [{ nickname: '张**三', quantity: 1, time: '2026-11-23 10:01:00' }] }
  const comments = paged([{ id: 1, nickname: '会员2001', avatar: '', rating: 5, content: '抢到了，到店自提很方便', create_time: '2026-11-20 10:00:00' }])

  function openProduct(info: SeckillProduct, { bought = 0, extra = {} }: { bought?: number; extra?: Parameters<typeof fakeApi>[0] } = {}) {
    openedWith('pages/seckill/detail', { id: String(info.id) })
    return fakeApi(
      {
        'hui_public.hsh_seckill_prod/read': () => ({ info, bought }),
        'hui_public.hsh_seckill_prod/orderLog': () => buyers,
        'hui_public.hsh_comment/index': () => comments,
        ...extra,
      },
      { serverTime: realNow },
    )
  }

  it('on now: pictures, prices, the time to the end by the server clock, stock, limit, pickup store, buyers (masked), rules and reviews', async () => {
    phoneClockOff(-10 * MIN)
    holdClock()
    const api = openProduct(item({ stock: 10, total_stock: 20, limit_per_user: 2 }))
    const t = await mount(SeckillDetailPage)
    await t.queries.waitForQuerySelector('.flash-detail')
    expect(all(t, '.flash-pictures__page')).toHaveLength(2)
    expect(text(t, '.flash-detail__price')).toBe('¥9.90')
    expect(text(t, '.flash-detail__original')).toBe('原价 ¥30.00')
    expect(secondsIn(text(t, '.flash-detail__countdown'))).toBe(30 * 60)
    expect(text(t, '.flash-detail__stock')).toBe('剩余 10 件 / 共 20 件')
    expect(text(t, '.flash-detail__limit')).toBe('每人限购 2 件')
    await until(t, () => expect(text(t, '.flash-ticker__line')).toBe('张**三 抢到 1 件 · 10:01'))
    expect(all(t, '.flash-rule').join('')).toContain('好邻居便利')
    await until(t, () => expect(text(t, '.flash-comment__text')).toBe('抢到了，到店自提很方便'))
    expect(api.called('hui_public.hsh_comment/index')[0].data).toMatchObject({ product_id: 9 })
    expect(text(t, '.flash-detail__buy')).toBe('立即抢购')
    expect(disabled(t, '.flash-detail__buy')).toBe(false)
  })

  it.each([
    ['not started', item({ state: 'upcoming' }, sessionsNow()[2]), 0, /^(明天 )?\d{2}:\d{2} 开抢$/, '本场距开始'],
    ['sold out', item({ stock: 0, state: 'soldOut' }), 0, /^已抢光$/, '本场距结束'],
    ['limit reached', item({ limit_per_user: 2 }), 2, /^已达限购$/, '本场距结束'],
    ['ended', item({ state: 'ended' }, sessionsNow()[0]), 0, /^已结束$/, '已结束'],
  ])('%s: buy is disabled and says why', async (_name, info, bought, button, clock) => {
    openProduct(info, { bought })
    const t = await mount(SeckillDetailPage)
    await t.queries.waitForQuerySelector('.flash-detail__buy')
    expect(text(t, '.flash-detail__buy')).toMatch(button)
    expect(disabled(t, '.flash-detail__buy')).toBe(true)
    expect(text(t, '.flash-detail__clock-label')).toBe(clock)
    // Before the start nobody has bought one: no buyers ticker.
    if (info.state === 'upcoming') expect(t.queries.querySelector('.flash-ticker')).toBeNull()
    else await t.queries.waitForQuerySelector('.flash-ticker__line')
  })

  it('tomorrow’s session says the day on its button', async () => {
    const now = realNow()
    const s = { id: 4, title: '10:00 场', start_time: wall(now + 26 * 60 * MIN), end_time: wall(now + 30 * 60 * MIN), state: 'upcoming' as const }
    openProduct(item({ state: 'upcoming' }, s))
    const t = await mount(SeckillDetailPage)
    await t.queries.waitForQuerySelector('.flash-detail__buy')
    expect(text(t, '.flash-detail__buy')).toBe(`明天 ${s.start_time.slice(11, 16)} 开抢`)
    await t.act(async () => setLang('en'))
    expect(text(t, '.flash-detail__buy')).toBe(`On sale tomorrow at ${s.start_time.slice(11, 16)}`)
  })

  it('buy opens when the server’s clock reaches the start, with the phone’s clock 10 minutes slow', async () => {
    phoneClockOff(-10 * MIN)
    // Held 2 s before the start while the screen mounts (a loaded machine took longer than that to mount), then stepped.
    const now = holdClock()
    const s = { id: 5, title: '10:00 场', start_time: wall(now + 2000), end_time: wall(now + 60 * MIN), state: 'upcoming' as const }
    openProduct(item({ state: 'upcoming' }, s))
    const t = await mount(SeckillDetailPage)
    await t.queries.waitForQuerySelector('.flash-detail__buy')
    expect(disabled(t, '.flash-detail__buy')).toBe(true)
    expect(secondsIn(text(t, '.flash-detail__countdown'))).toBe(2)
    holdClock(now + 2000)
    await until(t, () => expect(text(t, '.flash-detail__buy')).toBe('立即抢购'), 5000)
    expect(disabled(t, '.flash-detail__buy')).toBe(false)
    expect(text(t, '.flash-detail__clock-label')).toBe('本场距结束')
  })

  it('quantity is bounded by the stock left and what the limit leaves; the server prices it without a coupon', async () => {
    setItem('token', 'tok')
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const api = openProduct(item({ stock: 9, limit_per_user: 3 }), {
      bought: 1,
      extra: { 'personal.order/preCreate': (p) => quote({ kind: 'product', original_amount: 3000 * (p.kind === 'product' ? (p.quantity ?? 1) : 1), pay_amount: 990 * (p.kind === 'product' ? (p.quantity ?? 1) : 1), discount_amount: 2010 }) },
    })
    const t = await mount(SeckillDetailPage)
    await t.queries.waitForQuerySelector('.flash-detail__buy')
    await click(t, '.flash-detail__buy')
    await t.queries.waitForQuerySelector('.flash-sheet')
    expect(text(t, '.flash-sheet__shop-name')).toBe('好邻居便利')
    await until(t, () => expect(text(t, '.flash-sheet__payable')).toBe('¥9.90'))
    await click(t, '.flash-stepper__more')
    await until(t, () => expect(text(t, '.flash-sheet__payable')).toBe('¥19.80'))
    // Limit 3, one bought: two more at most.
    await click(t, '.flash-stepper__more')
    expect(text(t, '.flash-stepper__value')).toBe('2')
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '最多只能买 2 件' }))
    const asked = api.called('personal.order/preCreate').map((c) => c.data as Record<string, unknown>)
    expect(asked.map((p) => p.quantity)).toEqual([1, 2])
    expect(asked.every((p) => p.kind === 'product' && p.product_id === 9 && !('coupon_id' in p))).toBe(true)
  })

  it('with less stock than the limit leaves, the stock bounds it', async () => {
    setItem('token', 'tok')
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    openProduct(item({ stock: 1, limit_per_user: 5 }), { extra: { 'personal.order/preCreate': () => quote({ kind: 'product', pay_amount: 990 }) } })
    const t = await mount(SeckillDetailPage)
    await t.queries.waitForQuerySelector('.flash-detail__buy')
    await click(t, '.flash-detail__buy')
    await t.queries.waitForQuerySelector('.flash-sheet')
    expect(text(t, '.flash-sheet__hint')).toBe('最多可买 1 件')
    await click(t, '.flash-stepper__more')
    expect(text(t, '.flash-stepper__value')).toBe('1')
  })

  it('an anonymous shopper is sent to log in first, back to this product after', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    openProduct(item({}))
    const t = await mount(SeckillDetailPage)
    await t.queries.waitForQuerySelector('.flash-detail__buy')
    await click(t, '.flash-detail__buy')
    expect(nav).toHaveBeenCalledWith({ url: `/pages/accountBind/index?redirect=${encodeURIComponent('/pages/seckill/detail?id=9')}` })
    expect(t.queries.querySelector('.flash-sheet')).toBeNull()
  })

  it('pay is single-flight: two taps make one order; once paid the shopper lands on its order detail', async () => {
    setItem('token', 'tok')
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    let created: (v: { order_info: ReturnType<typeof order> }) => void = () => undefined
    const api = openProduct(item({}), {
      extra: {
        'personal.order/preCreate': () => quote({ kind: 'product', pay_amount: 990 }),
        'personal.order/create': () => new Promise((resolve) => (created = resolve)),
        'personal.order/payparam': () => payparam({ pay_state: 1 }),
      },
    })
    const t = await mount(SeckillDetailPage)
    await t.queries.waitForQuerySelector('.flash-detail__buy')
    await click(t, '.flash-detail__buy')
    await until(t, () => expect(disabled(t, '.flash-sheet__pay')).toBe(false))
    await click(t, '.flash-sheet__pay')
    await click(t, '.flash-sheet__pay')
    await until(t, () => expect(api.called('personal.order/create')).toHaveLength(1))
    expect(api.called('personal.order/create')[0].data).toMatchObject({ kind: 'product', product_id: 9, quantity: 1 })
    await t.act(async () => created({ order_info: order({ id: 77, kind: 'product', order_status: 0, pay_time: null }) }))
    await until(t, () => expect(redirect).toHaveBeenCalledWith({ url: '/pages/orders/detail?id=77' }))
    expect(api.called('personal.order/create')).toHaveLength(1)
  })

  it('a refusal when ordering (sold out meanwhile) is said in the server’s words and the product is read again', async () => {
    setItem('token', 'tok')
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    let info = item({ stock: 3 })
    const api = openProduct(info, {
      extra: {
        'hui_public.hsh_seckill_prod/read': () => ({ info, bought: 0 }),
        'personal.order/preCreate': () => quote({ kind: 'product', pay_amount: 990 }),
        'personal.order/create': () => {
          info = item({ stock: 0, state: 'soldOut' })
          return { business: '已抢光' }
        },
      },
    })
    const t = await mount(SeckillDetailPage)
    await t.queries.waitForQuerySelector('.flash-detail__buy')
    await click(t, '.flash-detail__buy')
    await until(t, () => expect(disabled(t, '.flash-sheet__pay')).toBe(false))
    await click(t, '.flash-sheet__pay')
    await until(t, () => expect(text(t, '.flash-detail__buy')).toBe('已抢光'))
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已抢光' }))
    expect(t.queries.querySelector('.flash-sheet')).toBeNull()
    expect(api.called('hui_public.hsh_seckill_prod/read')).toHaveLength(2)
  })

  it('a product that is not there says so, with the way home', async () => {
    openedWith('pages/seckill/detail', { id: '404' })
    fakeApi({ 'hui_public.hsh_seckill_prod/read': () => refused('product_not_found') })
    const t = await mount(SeckillDetailPage)
    await until(t, () => expect(text(t, '.state__title')).toBe('没有找到要看的内容'))
  })
})
