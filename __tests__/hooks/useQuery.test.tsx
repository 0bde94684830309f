import { Button, Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { Paged } from '@/contract/paging'
import { usePagedList } from '@/hooks/usePagedList'
import { useQuery } from '@/hooks/useQuery'
import { click, mount, text, unmountAll, until } from '../support/screen'

afterEach(() => unmountAll())

/** One query on screen: its data, or "loading". */
function Shown({ fetcher, ready }: { fetcher: (input: number) => Promise<string>; ready?: () => string | undefined }) {
  const [dep, setDep] = useState(1)
  const q = useQuery(() => fetcher(dep), [fetcher, dep], true, ready)
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
  it('shows it in the first render, never a skeleton, and checks it in the background (issue 27: the client serves a fresh one without asking); a changed input too', async () => {
    let answer: (v: string) => void = () => undefined
    const fetcher = jest.fn(() => new Promise<string>((resolve) => (answer = resolve)))
    const t = await mount(() => <Shown fetcher={fetcher} ready={() => 'early'} />)
    expect(text(t, '.shown')).toBe('early')
    expect(fetcher).toHaveBeenCalledTimes(1)
    // What the background check answers swaps in (the same answer changes nothing).
    await t.act(async () => answer('asked'))
    await until(t, () => expect(text(t, '.shown')).toBe('asked'))
    await click(t, '.next')
    expect(text(t, '.shown')).toBe('early')
    expect(fetcher).toHaveBeenCalledTimes(2)
    await t.act(async () => answer('asked again'))
    await until(t, () => expect(text(t, '.shown')).toBe('asked again'))
  })

  it('nothing at hand: loading, then asked once', async () => {
    const fetcher = jest.fn(async () => 'asked')
    const t = await mount(() => <Shown fetcher={fetcher} ready={() => undefined} />)
    await until(t, () => expect(text(t, '.shown')).toBe('asked'))
    expect(fetcher).toHaveBeenCalledTimes(1)
  })
})

/** A paged list whose first page may be at hand (Home's shops, issue 15). */
function PagedShown({ fetcher, ready }: { fetcher: (page: number, size: number, input: number) => Promise<Paged<string>>; ready?: (pageSize: number) => Paged<string> | undefined }) {
  const [dep, setDep] = useState(1)
  const l = usePagedList((page, size) => fetcher(page, size, dep), [fetcher, dep], { pageSize: 2, keyOf: (s) => s, ready })
  return (
    <View>
      <Text className='rows'>{l.loading ? 'loading' : l.items.join(',')}</Text>
      {l.hasMore && (
        <Button className='more' onClick={() => void l.loadMore()}>
          more
        </Button>
      )}
      <Button className='next' onClick={() => setDep(dep + 1)}>
        next
      </Button>
    </View>
  )
}

describe('usePagedList with its first page already at hand', () => {
  it('shows it in the first render, checks page 1 in the background, asks for page 2 on scrolling on; a dep changed shows its page 1 at hand too', async () => {
    const fetcher = jest.fn(async (p: number) => ({ list: p === 1 ? ['a', 'b'] : ['c'], total: 3, page: p, page_size: 2 }))
    const ready = jest.fn((size: number) => ({ list: ['a', 'b'], total: 3, page: 1, page_size: size }))
    const t = await mount(() => <PagedShown fetcher={fetcher} ready={ready} />)
    expect(text(t, '.rows')).toBe('a,b')
    expect(ready).toHaveBeenCalledWith(2)
    await until(t, () => expect(fetcher.mock.calls.map((c) => c[0])).toEqual([1]))
    await click(t, '.more')
    await until(t, () => expect(text(t, '.rows')).toBe('a,b,c'))
    expect(fetcher.mock.calls.map((c) => c[0])).toEqual([1, 2])
    await click(t, '.next')
    expect(text(t, '.rows')).toBe('a,b')
    await until(t, () => expect(fetcher.mock.calls.map((c) => c[0])).toEqual([1, 2, 1]))
    expect(text(t, '.rows')).toBe('a,b')
  })

  it('nothing at hand: loading, then page 1 asked once', async () => {
    const fetcher = jest.fn(async (p: number) => ({ list: ['x'], total: 1, page: p, page_size: 2 }))
    const t = await mount(() => <PagedShown fetcher={fetcher} ready={() => undefined} />)
    await until(t, () => expect(text(t, '.rows')).toBe('x'))
    expect(fetcher).toHaveBeenCalledTimes(1)
  })
})
