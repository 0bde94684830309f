/**
 * The store's new-order alert (issue 25 "What the store gets"): when the count of orders waiting for acceptance grows
 * while the list shows, one short alert — not for the first count read, never while turned off (kept in storage). On
 * H5 the sound needs the browser's permission: a Web Audio context created at the staff member's first tap, with a hint
 * until then. The component is fed counts as the list reads them (by a stream's signal or by polling alike).
 */
import { useState } from 'react'
import { resetLangCache, setLang } from '@/core/i18n'
import { getItem, setItem } from '@/core/storage'
import NewOrderAlert from '@/features/store/NewOrderAlert'
import { newOrderAlert } from '@/platform/alert'
import { click, mount, text, unmountAll } from '../../support/screen'

let setCount: (n: number | null) => void = () => undefined
function Harness() {
  const [count, set] = useState<number | null>(null)
  setCount = set
  return <NewOrderAlert count={count} />
}

type FakeCtx = { state: AudioContextState; currentTime: number; destination: object; resume: jest.Mock; createOscillator: jest.Mock; createGain: jest.Mock }
let contexts: FakeCtx[] = []
function fakeAudio() {
  contexts = []
  const param = () => ({ setValueAtTime: jest.fn(), exponentialRampToValueAtTime: jest.fn() })
  const Ctor = jest.fn(function (this: FakeCtx) {
    this.state = 'suspended'
    this.currentTime = 0
    this.destination = {}
    this.resume = jest.fn(() => {
      this.state = 'running'
      return Promise.resolve()
    })
    this.createOscillator = jest.fn(() => ({ type: '', frequency: param(), connect: jest.fn(), start: jest.fn(), stop: jest.fn() }))
    this.createGain = jest.fn(() => ({ gain: param(), connect: jest.fn() }))
    contexts.push(this)
  })
  ;(globalThis as unknown as { AudioContext?: unknown }).AudioContext = Ctor
  return Ctor
}
/** Beeps played so far: each is two tones. */
const beeps = () => contexts.reduce((n, c) => n + c.createOscillator.mock.calls.length, 0) / 2

afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
  resetLangCache()
  delete (globalThis as unknown as { AudioContext?: unknown }).AudioContext
})

describe('the new-order alert', () => {
  it('H5: asks for a tap; after it, the count growing beeps once; not for the first count, nor when it shrinks', async () => {
    setItem('storeTakeoutAlertMuted', false)
    fakeAudio()
    const t = await mount(Harness)
    expect(text(t, '.store-takeout__alert-label')).toBe('新订单提示音')
    // Until the browser's first tap no sound can play: the switch does not say "on" beside that hint (issue 39).
    expect(text(t, '.store-takeout__alert-state')).toBe('待开启')
    expect(t.queries.querySelector('.store-takeout__alert-row')?.getAttribute('aria-checked')).toBe('false')
    expect(text(t, '.store-takeout__alert-hint')).toBe('浏览器要先轻触一次页面才能发声：轻触屏幕任意处即可开启提示音')
    // The staff member's first tap anywhere: the browser now allows sound.
    await t.act(async () => void document.body.click())
    expect(contexts).toHaveLength(1)
    expect(contexts[0].resume).toHaveBeenCalled()
    expect(t.queries.querySelector('.store-takeout__alert-hint')).toBeNull()
    expect(text(t, '.store-takeout__alert-state')).toBe('开')
    expect(t.queries.querySelector('.store-takeout__alert-row')?.getAttribute('aria-checked')).toBe('true')

    await t.act(async () => setCount(2)) // the first count read: no sound
    expect(beeps()).toBe(0)
    await t.act(async () => setCount(3)) // a new order
    expect(beeps()).toBe(1)
    await t.act(async () => setCount(3)) // read again, nothing new
    await t.act(async () => setCount(1)) // two accepted
    expect(beeps()).toBe(1)
    await t.act(async () => setCount(2))
    expect(beeps()).toBe(2)
  })

  it('in English: "Needs a tap" beside the reason; a tap on the switch itself turns the sound on (it does not turn it off)', async () => {
    setLang('en')
    setItem('storeTakeoutAlertMuted', false)
    // A browser that has not had its first tap yet (the audio context of the test above is the module's own).
    let unlocked = false
    jest.spyOn(newOrderAlert, 'state').mockImplementation(() => (unlocked ? 'ready' : 'locked'))
    jest.spyOn(newOrderAlert, 'unlock').mockImplementation(() => void (unlocked = true))
    // The page's listener for the first gesture, called as the browser calls it (below).
    let gesture: () => void = () => undefined
    jest.spyOn(newOrderAlert, 'onFirstGesture').mockImplementation((onGesture) => ((gesture = onGesture), () => undefined))
    const t = await mount(Harness)
    expect(text(t, '.store-takeout__alert-row')).toBe('New-order soundNeeds a tap')
    expect(text(t, '.store-takeout__alert-hint')).toBe('The browser plays sound only after a tap on the page: tap anywhere to turn it on')
    // A tap on the switch, as a browser runs it: the page's listener first (capture), then React draws "On" (the
    // browser runs the update between listeners), then the switch's own click — in one event, before any timer.
    jest.useFakeTimers()
    try {
      await t.act(() => gesture())
      expect(text(t, '.store-takeout__alert-row')).toBe('New-order soundOn')
      await t.act(() => void t.fireEvent.click(t.queries.querySelector('.store-takeout__alert-row') as HTMLElement))
      expect(text(t, '.store-takeout__alert-row')).toBe('New-order soundOn')
      expect(getItem('storeTakeoutAlertMuted')).toBe(false)
      expect(t.queries.querySelector('.store-takeout__alert-hint')).toBeNull()
      // A later tap on the switch turns it off.
      jest.runOnlyPendingTimers()
    } finally {
      jest.useRealTimers()
    }
    await click(t, '.store-takeout__alert-row')
    expect(text(t, '.store-takeout__alert-row')).toBe('New-order soundOff')
  })

  it('turned off: silent, and it stays off (kept on the device); in English', async () => {
    setLang('en')
    setItem('storeTakeoutAlertMuted', false)
    fakeAudio()
    const play = jest.spyOn(newOrderAlert, 'play')
    const t = await mount(Harness)
    await t.act(async () => void document.body.click())
    await t.act(async () => setCount(1))
    expect(t.queries.querySelector('.store-takeout__alert-row')?.getAttribute('aria-checked')).toBe('true')
    await click(t, '.store-takeout__alert-row')
    expect(text(t, '.store-takeout__alert-row')).toBe('New-order soundOff')
    expect(t.queries.querySelector('.store-takeout__alert-row')?.getAttribute('aria-checked')).toBe('false')
    expect(getItem('storeTakeoutAlertMuted')).toBe(true)
    await t.act(async () => setCount(4))
    expect(play).not.toHaveBeenCalled()
    expect(beeps()).toBe(0)
  })

  it('a browser without Web Audio says so, and nothing breaks when the count grows', async () => {
    setItem('storeTakeoutAlertMuted', false)
    const t = await mount(Harness)
    expect(text(t, '.store-takeout__alert-hint')).toBe('此浏览器不能播放提示音')
    await t.act(async () => setCount(1))
    await t.act(async () => setCount(2))
    expect(text(t, '.store-takeout__alert-state')).toBe('不可用')
    expect(t.queries.querySelector('.store-takeout__alert-row')?.getAttribute('aria-checked')).toBe('false')
  })
})
