import { Button, Text, View } from '@tarojs/components'
import TestUtils from '@tarojs/test-utils-react'
import { useState } from 'react'
import { useAction } from '@/hooks/useAction'
import { useCountdown } from '@/hooks/useCountdown'

const mounted: TestUtils[] = []
afterEach(() => mounted.splice(0).forEach((t) => t.unmout()))
function utils() {
  const t = new TestUtils()
  mounted.push(t)
  return t
}

function SaveButton({ save }: { save: () => Promise<string> }) {
  const { run, busy, error } = useAction(save)
  return (
    <View>
      <Button className='save' disabled={busy} loading={busy} onClick={() => void run()}>
        save
      </Button>
      {error ? <Text className='error'>failed</Text> : null}
    </View>
  )
}

describe('useAction', () => {
  it('a double tap sends one request, the button is disabled while it runs', async () => {
    let finish: (v: string) => void = () => undefined
    const save = jest.fn(() => new Promise<string>((r) => (finish = r)))
    const t = utils()
    await t.mount(SaveButton, { props: { save } })
    const btn = await t.queries.waitForQuerySelector('.save')
    await t.act(async () => {
      t.fireEvent.click(btn as HTMLElement)
      t.fireEvent.click(btn as HTMLElement)
    })
    expect(save).toHaveBeenCalledTimes(1)
    expect((t.queries.querySelector('.save') as HTMLElement).getAttribute('disabled')).not.toBeNull()
    await t.act(async () => finish('ok'))
    await t.act(async () => t.fireEvent.click(t.queries.querySelector('.save') as HTMLElement))
    expect(save).toHaveBeenCalledTimes(2)
  })

  it('a failure is shown and the action can be tried again', async () => {
    const save = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('ok')
    const t = utils()
    await t.mount(SaveButton, { props: { save } })
    await t.act(async () => t.fireEvent.click((await t.queries.waitForQuerySelector('.save')) as HTMLElement))
    expect(t.queries.querySelector('.error')).not.toBeNull()
    await t.act(async () => t.fireEvent.click(t.queries.querySelector('.save') as HTMLElement))
    expect(save).toHaveBeenCalledTimes(2)
    expect(t.queries.querySelector('.error')).toBeNull()
  })
})

describe('useCountdown', () => {
  afterEach(() => jest.useRealTimers())

  it('counts down once a second to zero', async () => {
    let clock = 1_000_000
    const now = () => clock
    let start: (endsAt: number) => void = () => undefined
    function Timer() {
      const [endsAt, setEndsAt] = useState<number | null>(null)
      start = setEndsAt
      const s = useCountdown(endsAt, now)
      return <Text className='left'>{s}</Text>
    }
    const t = utils()
    await t.mount(Timer)
    const text = () => t.queries.querySelector('.left')?.textContent
    expect(text()).toBe('0')
    // Mounting needs real timers; the ticking is driven by fake ones.
    jest.useFakeTimers()
    await t.act(async () => start(clock + 3000))
    expect(text()).toBe('3')
    for (const expected of ['2', '1', '0']) {
      clock += 1000
      await t.act(async () => {
        jest.advanceTimersByTime(1000)
      })
      expect(text()).toBe(expected)
    }
  })
})
