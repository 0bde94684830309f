/**
 * The card page's till code (issue 12): the code the shopper shows is the one the till accepts at that time
 * (the server's own check, src/contract/tillCode.ts tillOtpMatches, as hui_shanghu.store_card/check runs it),
 * it moves on at the 30 s step boundary of the clock (not 30 s after the page opened), needs no request to
 * refresh, and a suspended card shows no code.
 */
import { parseTillCode, TILL_STEP_SECONDS, tillCode, tillOtpMatches } from '@/contract/tillCode'
import { resetLangCache, setLang } from '@/core/i18n'
import { setItem } from '@/core/storage'
import CardVipCordPage from '@/pages/card/vipCord'
import { fakeApi, openedWith, resetRouter } from '../../support/fakeApi'
import { card } from '../../support/fixtures'
import { mount, text, unmountAll, until } from '../../support/screen'

const SECRET = '3132333435363738393031323334353637383930'
const STEP_MS = TILL_STEP_SECONDS * 1000
/** 5 s before a step boundary. */
const BOUNDARY = Math.ceil(Date.UTC(2026, 10, 23, 10, 0, 7) / STEP_MS) * STEP_MS
const digits = (t: Parameters<typeof text>[0]) => text(t, '.till__digits')?.replace(/\s/g, '') ?? null

afterEach(() => {
  unmountAll()
  jest.useRealTimers()
  jest.restoreAllMocks()
  resetLangCache()
  resetRouter()
})

async function openCard(over: Partial<typeof card> = {}) {
  setItem('token', 'tok')
  openedWith('pages/card/vipCord')
  const api = fakeApi({ 'personal.card/index': () => ({ list: [{ ...card, till_secret: SECRET, ...over }] }) })
  const t = await mount(CardVipCordPage)
  await t.queries.waitForQuerySelector('.till__name')
  return { t, api }
}

describe('Card page till code', () => {
  it('shows the code the till accepts now, as digits, QR and barcode; it moves on at the step boundary without a request', async () => {
    // The clock held 5 s before a boundary, moved only by the test (and by 50 ms a look while the page opens): with
    // real time running under it, a page that took 5 s to open on a loaded machine showed the next step's code.
    jest.useFakeTimers({ now: BOUNDARY - 5000, doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate'] })
    const { t, api } = await openCard()
    expect(Date.now()).toBeLessThan(BOUNDARY - 4000)
    const first = digits(t)
    expect(first).toBe(tillCode(card.id, SECRET, BOUNDARY - 5000))
    const parsed = parseTillCode(first ?? '')
    expect(parsed?.cardId).toBe(card.id)
    expect(tillOtpMatches(parsed?.otp ?? '', SECRET, Date.now())).toBe(true)
    expect(t.queries.querySelector('.member-qr')?.getAttribute('data-value')).toBe(first)
    expect(t.queries.querySelector('.member-barcode')?.getAttribute('data-value')).toBe(first)

    // Past the boundary, 5 s after opening (not 30 s): the next step's code, still accepted by the till.
    await t.act(async () => void jest.advanceTimersByTime(5200))
    await until(t, () => expect(digits(t)).toBe(tillCode(card.id, SECRET, BOUNDARY)))
    expect(digits(t)).not.toBe(first)
    expect(tillOtpMatches(parseTillCode(digits(t) ?? '')?.otp ?? '', SECRET, Date.now())).toBe(true)
    // Two minutes on, the first code is refused at the till; the one on screen is not.
    await t.act(async () => void jest.advanceTimersByTime(120_000))
    await until(t, () => expect(digits(t)).toBe(tillCode(card.id, SECRET, Date.now())))
    expect(tillOtpMatches(parseTillCode(first ?? '')?.otp ?? '', SECRET, Date.now())).toBe(false)
    expect(api.called('personal.card/index')).toHaveLength(1)
  })

  it('a card without its secret shows no code and says why', async () => {
    const { t } = await openCard({ till_secret: undefined })
    expect(text(t, '.till__suspended')).toBe('会员码暂不可用，请联网后重新打开此页')
    expect(t.queries.querySelector('.till__digits, .member-qr, .member-barcode')).toBeNull()
  })

  for (const [lang, title] of [
    ['zh-CN', '会员卡已暂停'],
    ['en', 'Card suspended'],
  ] as const) {
    it(`a suspended card shows no code and says why (${lang})`, async () => {
      setLang(lang)
      const { t } = await openCard({ active: false, state: 'suspended' })
      await t.queries.waitForQuerySelector('.till--suspended')
      expect(text(t, '.till__suspended')).toBe(title)
      expect(t.queries.querySelector('.till__digits, .member-qr, .member-barcode')).toBeNull()
    })
  }
})
