import type TestUtils from '@tarojs/test-utils-react'
import { resetClock } from '@/core/clock'
import { resetLangCache, setLang } from '@/core/i18n'
import { request } from '@/core/request'
import FlashStrip from '@/features/home/FlashStrip'
import OrderCard from '@/features/orders/OrderCard'
import { fakeApi } from '../../support/fakeApi'
import { order, paged, product } from '../../support/fixtures'
import { mount, unmountAll } from '../../support/screen'

/** Countdowns follow the server's clock (docs/product.md#rules-every-screen-follows, Time): a phone set ten minutes wrong still shows the right time. */
const MIN = 60_000
/**
 * The true time, held at a whole second for each test: the fixtures' end times, the fake server's clock and the phone's
 * (skewed from it) stand still while the screen mounts, so a countdown reads exactly what is left (a running clock let
 * a slow mount eat into a window of a few seconds).
 */
let held = 0
const realNow = () => held
beforeEach(() => {
  held = Math.floor(Date.now() / 1000) * 1000
})

/** Business wall time (Asia/Shanghai, +08:00) of an instant, as the server writes it. */
const wall = (ms: number) => new Date(ms + 8 * 60 * MIN).toISOString().slice(0, 19).replace('T', ' ')

/** "距结束 00:04:59" → seconds; "14 分 59 秒后自动取消" → seconds. */
function secondsIn(text: string | null | undefined): number {
  const left = /(\d+) 分钟 (\d+) 秒/.exec(text ?? '')
  if (left) return Number(left[1]) * 60 + Number(left[2])
  const parts = /(?:(\d{2}):)?(\d{2}):(\d{2})/.exec(text ?? '')
  if (!parts) throw new Error(`no time in "${text}"`)
  return Number(parts[1] ?? 0) * 3600 + Number(parts[2]) * 60 + Number(parts[3])
}

const shown = (t: TestUtils, sel: string) => t.queries.querySelector(sel)?.textContent

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetClock()
  resetLangCache()
})

describe.each([
  ['10 minutes fast', 10 * MIN],
  ['10 minutes slow', -10 * MIN],
])('a phone clock %s (in UTC, the business in Shanghai)', (_label, skew) => {
  beforeEach(() => {
    // The phone's clock is wrong; the server's (the fake's) is right.
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + skew)
  })

  it('the flash-sale strip shows the time left to the session end on the server clock', async () => {
    const ends = realNow() + 5 * MIN
    const session = { id: 1, title: '08:00 场', start_time: wall(ends - 60 * MIN), end_time: wall(ends), state: 'on' as const }
    fakeApi({ 'hui_public.hsh_seckill_prod/index': () => ({ sessions: [session], ...paged([product]) }) }, { serverTime: realNow })
    const data = await request('hui_public.hsh_seckill_prod/index', {})
    const t = await mount(() => <FlashStrip data={data} />)
    expect(shown(t, '.home-flash__countdown')).toMatch(/^距结束 /)
    expect(secondsIn(shown(t, '.home-flash__countdown'))).toBe(5 * 60)
  })

  it('an unpaid order shows the time left before it is cancelled on the server clock, and can still be paid', async () => {
    const unpaid = order({ order_status: 0, pay_time: null, expire_time: wall(realNow() + 15 * MIN) })
    fakeApi({ 'personal.order/index': () => paged([unpaid]) }, { serverTime: realNow })
    const { list } = await request('personal.order/index', { tab: 'unpaid', page: 1, page_size: 10 })
    const t = await mount(() => <OrderCard order={list[0]} busy={false} onPay={() => undefined} onCancel={() => undefined} />)
    expect(secondsIn(shown(t, '.order-card__countdown'))).toBe(15 * 60)
    expect(t.queries.querySelector('.order-card__pay')).not.toBeNull()
  })

  it('the time left reads as minutes and seconds to go, not as a clock time ("14:47 后自动取消" read like 14:47 o\'clock)', async () => {
    const inner = (seconds: number) => order({ order_status: 0, pay_time: null, expire_time: wall(realNow() + seconds * 1000) })
    fakeApi({ 'personal.order/index': () => paged([inner(14 * 60 + 47), inner(40)]) }, { serverTime: realNow })
    const { list } = await request('personal.order/index', { tab: 'unpaid', page: 1, page_size: 10 })
    const t = await mount(() => (
      <>
        {list.map((o, i) => (
          <OrderCard key={i} order={o} busy={false} onPay={() => undefined} onCancel={() => undefined} />
        ))}
      </>
    ))
    const [long, short] = Array.from(t.queries.querySelectorAll('.order-card__countdown')).map((e) => e.textContent ?? '')
    expect([long, short]).toEqual(['14 分钟 47 秒后自动取消', '40 秒后自动取消'])
    await t.act(async () => setLang('en'))
    const [longEn, shortEn] = Array.from(t.queries.querySelectorAll('.order-card__countdown')).map((e) => e.textContent ?? '')
    expect([longEn, shortEn]).toEqual(['Cancels in 14 min 47 s', 'Cancels in 40 s'])
  })
})
