/**
 * The member card's till code (issue 12) end to end, in the H5 build: a shopper with a card opens the card page,
 * and the code on screen (the QR's and the barcode's value, the digits under them) is what staff of a store get
 * `valid` for, with the member's level, from hui_shanghu.store_card/check. The shopper's phone clock is set
 * 10 minutes wrong: the page still shows the code the till accepts (the server's clock, src/core/clock.ts). A
 * code from 2 minutes earlier (computed with the card's secret, src/contract/tillCode.ts) is refused.
 */
import type { Browser } from 'playwright-core'
import { BASE, launch, logIn, phone, placeOrder, settled, shot } from './browser'
import { tillCode } from '../src/contract/tillCode'

const SHOPPER = '13800000121'
/** Staff of shop 11 (docs/sandbox.md: demo staff phones 199000000NN). */
const STAFF = '19900000011'

type CheckAnswer = { result: 'valid' | 'suspended' | 'expired' | 'invalid'; card: { level: number; name: string; holder_phone: string } | null }
type CardsAnswer = { list: Array<{ id: number; level: number; name: string; active: boolean; till_secret?: string }> }

/** A GET call to the reference server's API (its input is the query: e2e/browser.ts api() only POSTs). */
async function get<T>(apiPath: string, input: Record<string, string>, token: string): Promise<T> {
  const headers = { 'access-token': token, 'access-origin': '', 'x-sandbox-key': process.env.E2E_SANDBOX_KEY ?? '' }
  const res = await fetch(`${BASE()}/api/${apiPath}?${new URLSearchParams(input)}`, { headers })
  const json = (await res.json()) as { code: number; msg: string; data: T }
  if (json.code !== 1) throw new Error(`${apiPath}: ${json.msg}`)
  return json.data
}

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('Member card till code', () => {
  it('the code on the card page is valid at a store’s till with the member’s level; the code of 2 minutes earlier is refused', async () => {
    const shopper = await phone(browser)
    const token = await logIn(shopper.page, SHOPPER)
    await placeOrder(token, { kind: 'card', card_id: 1, client_request_id: 'e2e-tillcode-card-1' }, true)
    const cards = await get<CardsAnswer>('personal.card/index', {}, token)
    const card = cards.list.find((c) => c.active)
    if (!card?.till_secret) throw new Error('the owner’s card answer carries no till_secret')

    // The phone's clock 10 minutes behind: the page learns the server's from its answers.
    await shopper.page.clock.install({ time: Date.now() - 10 * 60_000 })
    await shopper.page.goto(`${BASE()}/pages/card/vipCord`)
    await settled(shopper.page)
    const qr = shopper.page.locator('.member-qr:visible')
    await qr.waitFor()
    const shown = (await qr.getAttribute('data-value')) ?? ''
    expect(shown).toMatch(/^9\d{14}$/)
    expect(await shopper.page.locator('.member-barcode:visible').getAttribute('data-value')).toBe(shown)
    expect((await shopper.page.locator('.till__digits:visible').textContent())?.replace(/\s/g, '')).toBe(shown)
    await shot(shopper.page, 'tillcode-card-page')

    const staff = await phone(browser)
    const staffToken = await logIn(staff.page, STAFF)
    const checked = await get<CheckAnswer>('hui_shanghu.store_card/check', { code: shown }, staffToken)
    expect(checked.result).toBe('valid')
    expect(checked.card?.level).toBe(card.level)
    expect(checked.card?.holder_phone).not.toContain(SHOPPER.slice(3, 7))

    const earlier = tillCode(card.id, card.till_secret, Date.now() - 2 * 60_000)
    expect(earlier).not.toBe(shown)
    expect(await get<CheckAnswer>('hui_shanghu.store_card/check', { code: earlier }, staffToken)).toEqual({ result: 'invalid', card: null })
    expect(shopper.errors).toEqual([])
    await shopper.context.close()
    await staff.context.close()
  })
})
