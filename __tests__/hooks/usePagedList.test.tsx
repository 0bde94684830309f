import { Text, View } from '@tarojs/components'
import TestUtils from '@tarojs/test-utils-react'
import { useState } from 'react'
import type { Paged } from '@/contract/paging'
import { usePagedList, type PagedFetcher } from '@/hooks/usePagedList'
import { until } from '../support/screen'

interface Row {
  id: number
  name: string
}

const rows = (from: number, to: number): Row[] => Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, name: `row ${from + i}` }))

type Api = ReturnType<typeof usePagedList<Row>>
let api: Api

function List({ fetcher, filter }: { fetcher: (page: number, size: number, filter?: string) => ReturnType<PagedFetcher<Row>>; filter?: string }) {
  api = usePagedList((page, size) => fetcher(page, size, filter), [fetcher, filter], { pageSize: 3, keyOf: (r) => r.id })
  return (
    <View>
      {api.loading && <Text className='loading'>loading</Text>}
      {api.empty && <Text className='empty'>empty</Text>}
      {api.items.map((r) => (
        <Text className='row' key={r.id}>
          {r.name}
        </Text>
      ))}
    </View>
  )
}

const page = (list: Row[], total: number, p: number): Paged<Row> => ({ list, total, page: p, page_size: 3 })
const names = (t: TestUtils) => Array.from(t.queries.querySelectorAll('.row')).map((e) => e.textContent)

const mounted: TestUtils[] = []
function utils() {
  const t = new TestUtils()
  mounted.push(t)
  return t
}
afterEach(() => mounted.splice(0).forEach((t) => t.unmout()))

describe('usePagedList', () => {
  it('loads page 1, then appends page 2 on scroll without duplicating rows that shifted between pages', async () => {
    const fetcher = jest.fn(async (p: number) => (p === 1 ? page(rows(1, 3), 5, 1) : page(rows(3, 5), 5, 2)))
    const t = utils()
    await t.mount(List, { props: { fetcher } })
    await t.queries.waitForQuerySelectorAll('.row')
    expect(t.queries.querySelectorAll('.row')).toHaveLength(3)
    await t.act(() => api.loadMore())
    await until(t, () => expect(names(t)).toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5']))
    expect(api.hasMore).toBe(false)
    // No more pages: scrolling further asks nothing.
    await t.act(() => api.loadMore())
    expect(fetcher).toHaveBeenCalledTimes(2)
  })

  it('shows the empty state when the first page is empty', async () => {
    const t = utils()
    await t.mount(List, { props: { fetcher: async () => page([], 0, 1) } })
    await t.queries.waitForQuerySelector('.empty')
    expect(api.empty).toBe(true)
  })

  it('keeps the error and retries only when asked', async () => {
    const fetcher = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(page(rows(1, 2), 2, 1))
    const t = utils()
    await t.mount(List, { props: { fetcher } })
    await until(t, () => expect(api.error).toBeInstanceOf(Error))
    expect(api.empty).toBe(false)
    expect(fetcher).toHaveBeenCalledTimes(1)
    await t.act(() => api.retry())
    await until(t, () => expect(t.queries.querySelectorAll('.row')).toHaveLength(2))
    expect(api.error).toBeNull()
  })

  it('a slow answer for an old filter never overwrites the newer one', async () => {
    let releaseOld: (v: Paged<Row>) => void = () => undefined
    const oldAnswer = new Promise<Paged<Row>>((r) => (releaseOld = r))
    const fetcher = jest
      .fn<Promise<Paged<Row>>, [number, number]>()
      .mockImplementationOnce(() => oldAnswer)
      .mockResolvedValue(page([{ id: 9, name: 'new filter' }], 1, 1))
    const t = utils()
    let setFilter: (f: string) => void = () => undefined
    function Host() {
      const [filter, set] = useState('a')
      setFilter = set
      return <List fetcher={fetcher} filter={filter} />
    }
    await t.mount(Host)
    await t.act(async () => setFilter('b'))
    await until(t, () => expect(names(t)).toEqual(['new filter']))
    // The old answer lands now: awaiting it here resumes after the hook's own await of it has run.
    await t.act(async () => {
      releaseOld(page([{ id: 1, name: 'old filter' }], 1, 1))
      await oldAnswer
    })
    expect(names(t)).toEqual(['new filter'])
  })
})
