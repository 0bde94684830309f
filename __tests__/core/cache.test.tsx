/**
 * Issue 27, "Data fetched again and again": the request client keeps GET answers (src/core/cache.ts) under the data
 * hooks. What a shopper notices: two parts of a screen asking the same thing cost one request; a screen opened again
 * within the freshness window shows its answer at once (no skeleton) and asks nothing; after it, the kept answer shows
 * at once and the new one swaps in; a write asks again what it changed (the screen on show at once); the next shopper
 * never sees the last one's answers; a slow old answer never lands over a newer one.
 */
import { Text, View } from '@tarojs/components'
import { useLayoutEffect, useRef, useState } from 'react'
import { useProfile } from '@/api/account'
import { useCardProducts } from '@/api/cards'
import { claimCoupon, useClaimableCoupons } from '@/api/coupons'
import { useShop } from '@/api/shops'
import { FRESH_MS, invalidate } from '@/core/cache'
import { logout } from '@/core/logout'
import { connectRequest } from '@/core/request'
import { setToken } from '@/core/session'
import type { Transport, TransportRequest } from '@/core/transport.types'
import { apiBase } from '@/platform/apiBase'
import { transport as h5Transport } from '@/platform/transport'
import { click, hide, mount, show, text, unmount, unmountAll, until } from '../support/screen'

const BASE = 'https://api.example.test'
const pathOf = (url: string) => url.slice(`${BASE}/api/`.length).split('?')[0]

/** The server as far as the client sees it: answers by path (and session), every exchange recorded; `hold` keeps answers until released. */
function fakeServer() {
  const nick: Record<string, string> = { 'tok-1': 'Ann', 'tok-2': 'Bob' }
  const state = { nick, cards: ['Silver'], claimed: false, shops: { 1: 'Tea house', 2: 'Noodle bar', 3: 'Bakery' } as Record<number, string>, hold: new Set<string>() }
  const sent: TransportRequest[] = []
  const waiting: Array<{ path: string; go: () => void }> = []
  const answer = (req: TransportRequest): unknown => {
    const token = req.headers['Access-Token']
    switch (pathOf(req.url)) {
      case 'personal.user/info':
        return { user: { nickname: state.nick[token] ?? '?', userIds: { userIdAgent: null, userIdBuss: null, storeId: null } }, card: null }
      case 'hui_public.card/index':
        return { list: state.cards.map((name, id) => ({ id, name })) }
      case 'hui_public.coupon/index':
        return { list: [{ id: 1, claimed: state.claimed }] }
      case 'personal.coupon/claim':
        state.claimed = true
        return {}
      case 'hui_shanghu.shop/read':
        return { info: { id: Number(req.data.id), name: state.shops[Number(req.data.id)] } }
      default:
        return {}
    }
  }
  const transport: Transport = {
    send: (req) => {
      sent.push(req)
      const reply = () => ({ status: 200, body: { code: 1, msg: '', data: answer(req) } })
      const path = pathOf(req.url)
      if (!state.hold.has(path)) return Promise.resolve(reply())
      return new Promise((resolve) => waiting.push({ path, go: () => resolve(reply()) }))
    },
  }
  connectRequest(transport, () => BASE)
  return {
    state,
    asked: (path: string) => sent.filter((r) => pathOf(r.url) === path).length,
    release: (path: string) => {
      state.hold.delete(path)
      waiting.splice(0).forEach((w) => (w.path === path ? w.go() : waiting.push(w)))
    },
  }
}

const signIn = (token: string) => window.localStorage.setItem('token', JSON.stringify({ data: token }))

/** What the shopper sees of a query, every commit recorded before it is painted (a skeleton for one frame is caught). */
function useSeen() {
  const [seen] = useState<string[]>([])
  const shown = useRef('')
  useLayoutEffect(() => {
    if (seen[seen.length - 1] !== shown.current) seen.push(shown.current)
    ;(window as unknown as { __seen: string[] }).__seen = seen
  })
  return (now: string) => {
    shown.current = now
    return now
  }
}
const seen = () => (window as unknown as { __seen: string[] }).__seen

function Me() {
  const profile = useProfile()
  const see = useSeen()
  // As the screens that show a skeleton whenever their query loads (LoadState's `loading`).
  return <Text className='me'>{see(profile.loading ? 'skeleton' : (profile.data?.user.nickname ?? ''))}</Text>
}

function Cards({ n }: { n: number }) {
  const cards = useCardProducts()
  return <Text className={`cards-${n}`}>{cards.data ? cards.data.list.map((c) => c.name).join(',') : 'skeleton'}</Text>
}

let shift = 0
beforeEach(() => {
  // Each test on a clock of its own, held: only the test moves it (by `shift`), so "inside the window" is what the
  // test says however long a mount takes (a running clock under a shift 1 s inside it failed on a loaded CI machine).
  shift = 0
  const held = Date.now()
  jest.spyOn(Date, 'now').mockImplementation(() => held + shift)
})

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  connectRequest(h5Transport, () => apiBase.base())
})

describe('kept answers under the data hooks (issue 27)', () => {
  it('two parts of a screen asking the same thing at once share one request', async () => {
    const server = fakeServer()
    const t = await mount(() => (
      <View>
        <Cards n={1} />
        <Cards n={2} />
      </View>
    ))
    await until(t, () => expect([text(t, '.cards-1'), text(t, '.cards-2')]).toEqual(['Silver', 'Silver']))
    expect(server.asked('hui_public.card/index')).toBe(1)
  })

  it('opened again within the freshness window: the answer in the first frame, no skeleton, no request', async () => {
    signIn('tok-1')
    const server = fakeServer()
    const first = await mount(() => <Me />)
    await until(first, () => expect(text(first, '.me')).toBe('Ann'))
    unmount(first)
    // A millisecond inside the window (the clock is held: no time passes while the screen mounts).
    shift = FRESH_MS - 1
    const again = await mount(() => <Me />)
    expect(seen()).toEqual(['Ann'])
    await until(again, () => expect(text(again, '.me')).toBe('Ann'))
    expect(server.asked('personal.user/info')).toBe(1)
    // Shown again (a return from another page or tab) within the window: still nothing asked.
    await hide(again)
    await show(again)
    expect(server.asked('personal.user/info')).toBe(1)
  })

  it('after the window: the kept answer at once, asked in the background, the new one swapped in — never a skeleton', async () => {
    signIn('tok-1')
    const server = fakeServer()
    const first = await mount(() => <Me />)
    await until(first, () => expect(text(first, '.me')).toBe('Ann'))
    unmount(first)
    shift = FRESH_MS + 1
    server.state.nick['tok-1'] = 'Ann Lee'
    server.state.hold.add('personal.user/info')
    const again = await mount(() => <Me />)
    expect(text(again, '.me')).toBe('Ann')
    expect(server.asked('personal.user/info')).toBe(2)
    server.release('personal.user/info')
    await until(again, () => expect(text(again, '.me')).toBe('Ann Lee'))
    expect(seen()).toEqual(['Ann', 'Ann Lee'])
  })

  it('a write asks again only what it changed: at once on the screen on show, on its next show on a hidden one', async () => {
    signIn('tok-1')
    const server = fakeServer()
    function Claimable() {
      const coupons = useClaimableCoupons()
      return (
        <View>
          <Text className='claimed'>{coupons.data ? String(coupons.data.list[0].claimed) : 'skeleton'}</Text>
          <Text className='claim' onClick={() => void claimCoupon(1)}>
            claim
          </Text>
        </View>
      )
    }
    const t = await mount(() => (
      <View>
        <Me />
        <Cards n={1} />
        <Claimable />
      </View>
    ))
    await until(t, () => expect(text(t, '.claimed')).toBe('false'))
    await click(t, '.claim')
    // claimCoupon changes the coupons (invalidate 'personal.coupon/', 'hui_public.coupon/'): only those are asked again.
    await until(t, () => expect(text(t, '.claimed')).toBe('true'))
    expect([server.asked('hui_public.coupon/index'), server.asked('personal.user/info'), server.asked('hui_public.card/index')]).toEqual([2, 1, 1])
    // Hidden (another page on top), a change to the cards is not asked for until the screen shows again.
    await hide(t)
    server.state.cards = ['Silver', 'Gold']
    await t.act(async () => invalidate('hui_public.card/'))
    expect(server.asked('hui_public.card/index')).toBe(1)
    await show(t)
    await until(t, () => expect(text(t, '.cards-1')).toBe('Silver,Gold'))
    expect([server.asked('hui_public.card/index'), server.asked('personal.user/info')]).toEqual([2, 1])
  })

  it('signed out and in as someone else: nothing kept for the first shopper is shown to the next', async () => {
    signIn('tok-1')
    const server = fakeServer()
    const first = await mount(() => <Me />)
    await until(first, () => expect(text(first, '.me')).toBe('Ann'))
    unmount(first)
    await logout()
    // Bob signs in on the same phone with the session Ann had (a token the server hands again): the key alone
    // would not tell them apart — what was kept went with Ann's sign-out.
    setToken('tok-1')
    server.state.nick['tok-1'] = 'Bob'
    const next = await mount(() => <Me />)
    expect(text(next, '.me')).not.toBe('Ann')
    await until(next, () => expect(text(next, '.me')).toBe('Bob'))
    expect(seen()).not.toContain('Ann')
  })

  it('an input changed back shows what was kept at once; a slow answer for an old input never lands over it', async () => {
    const server = fakeServer()
    function Shop() {
      const [id, setId] = useState(2)
      const shop = useShop(id)
      const see = useSeen()
      see(shop.loading ? `skeleton ${id}` : `${shop.data?.info.name}`)
      return (
        <View>
          <Text className='shop'>{shop.loading ? 'skeleton' : shop.data?.info.name}</Text>
          <Text className='to-3' onClick={() => setId(3)}>
            3
          </Text>
          <Text className='to-2' onClick={() => setId(2)}>
            2
          </Text>
        </View>
      )
    }
    const t = await mount(() => <Shop />)
    await until(t, () => expect(text(t, '.shop')).toBe('Noodle bar'))
    // Shop 3 is slow; the shopper goes back to shop 2 before it answers: kept, shown at once, and it stays.
    server.state.hold.add('hui_shanghu.shop/read')
    await click(t, '.to-3')
    expect(text(t, '.shop')).toBe('skeleton')
    await click(t, '.to-2')
    expect(text(t, '.shop')).toBe('Noodle bar')
    expect(seen()).toEqual(['skeleton 2', 'Noodle bar', 'skeleton 3', 'Noodle bar'])
    server.release('hui_shanghu.shop/read')
    await t.act(() => new Promise((r) => setTimeout(r, 20)))
    expect(text(t, '.shop')).toBe('Noodle bar')
    expect(server.asked('hui_shanghu.shop/read')).toBe(2)
  })
})
