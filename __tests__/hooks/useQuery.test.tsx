import { Button, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { useQuery } from '@/hooks/useQuery'
import { click, mount, text, unmountAll, until } from '../support/screen'

afterEach(() => unmountAll())

/** One query on screen: its data, or "loading". */
function Shown({ fetcher, ready }: { fetcher: () => Promise<string>; ready?: () => string | undefined }) {
  const [dep, setDep] = useState(1)
  const q = useQuery(fetcher, [dep], true, ready)
  return (
    <View>
      <Text className='shown'>{q.loading ? 'loading' : (q.data ?? '')}</Text>
      <Button className='next' onClick={() => setDep(dep + 1)}>
        next
      </Button>
    </View>
  )
}

describe('useQuery with an answer already at hand (issue 15: Home\'s first calls)', () => {
  it('shows it in the first render and does not ask again; a changed input asks', async () => {
    const fetcher = jest.fn(async () => 'asked')
    const t = await mount(() => <Shown fetcher={fetcher} ready={() => 'early'} />)
    expect(text(t, '.shown')).toBe('early')
    expect(fetcher).not.toHaveBeenCalled()
    await click(t, '.next')
    await until(t, () => expect(text(t, '.shown')).toBe('asked'))
    expect(fetcher).toHaveBeenCalledTimes(1)
  })

  it('nothing at hand: loading, then asked once', async () => {
    const fetcher = jest.fn(async () => 'asked')
    const t = await mount(() => <Shown fetcher={fetcher} ready={() => undefined} />)
    await until(t, () => expect(text(t, '.shown')).toBe('asked'))
    expect(fetcher).toHaveBeenCalledTimes(1)
  })
})
