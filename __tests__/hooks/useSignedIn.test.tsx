import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { removeItem, setItem } from '@/core/storage'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'
import { routeUrl } from '@/routes'
import { mount, show, text, unmountAll, until } from '../support/screen'

const RETURN_TO = routeUrl('pages/orders/detail', { id: 5 })
let fetcher: jest.Mock<Promise<string>, []>
let navigate: jest.SpyInstance
let api: ReturnType<typeof useSignedInQuery<string>>

function Probe({ options }: { options: SignedInOptions }) {
  api = useSignedInQuery(fetcher, [], options)
  return (
    <View>
      <Text className='signed-in'>{String(api.signedIn)}</Text>
      <Text className='login-to'>{api.loginTo ?? '-'}</Text>
      <Text className='data'>{api.data ?? '-'}</Text>
    </View>
  )
}

/** Mount, then the runtime's first show (jsdom fires none by itself). */
async function open(options: SignedInOptions) {
  const t = await mount(() => <Probe options={options} />)
  await show(t)
  return t
}

beforeEach(() => {
  let n = 0
  fetcher = jest.fn(async () => `answer ${++n}`)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/orders/detail', options: { id: '5' } } as unknown as Taro.Page])
  navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
})
afterEach(() => {
  unmountAll()
  jest.restoreAllMocks()
})

describe('useSignedInQuery, required mode (returnTo)', () => {
  it('anonymous: off to Authorization once (asking to come back), nothing fetched, the login state for LoadState', async () => {
    const t = await open({ returnTo: RETURN_TO })
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith({ url: routeUrl('pages/accountBind/index', { redirect: RETURN_TO }) })
    expect(text(t, '.login-to')).toBe(RETURN_TO)
    expect(text(t, '.signed-in')).toBe('false')
    // Back from an abandoned login: still anonymous, no second trip, still nothing asked.
    await show(t)
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(fetcher).not.toHaveBeenCalled()
    expect(api.loading).toBe(false)
  })

  it('logging in, then coming back: fetched once, shown, no login state', async () => {
    const t = await open({ returnTo: RETURN_TO })
    setItem('token', 'tok')
    await show(t)
    await until(t, () => expect(text(t, '.data')).toBe('answer 1'))
    expect(text(t, '.login-to')).toBe('-')
    expect(fetcher).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledTimes(1)
  })

  it('logged in: fetched once on open, no redirect; a return fetches again only with reloadOnReturn', async () => {
    setItem('token', 'tok')
    const t = await open({ returnTo: RETURN_TO })
    await until(t, () => expect(text(t, '.data')).toBe('answer 1'))
    expect(navigate).not.toHaveBeenCalled()
    await show(t)
    expect(fetcher).toHaveBeenCalledTimes(1)
    unmountAll()

    const t2 = await open({ returnTo: RETURN_TO, reloadOnReturn: true })
    await until(t2, () => expect(text(t2, '.data')).toBe('answer 2'))
    await show(t2)
    await until(t2, () => expect(text(t2, '.data')).toBe('answer 3'))
    expect(fetcher).toHaveBeenCalledTimes(3)
  })

  it('not enabled (a bad id): still gated, nothing fetched', async () => {
    setItem('token', 'tok')
    const t = await open({ returnTo: RETURN_TO, enabled: false })
    await show(t)
    expect(fetcher).not.toHaveBeenCalled()
    expect(text(t, '.data')).toBe('-')
  })
})

describe('useSignedInQuery, optional mode (no returnTo)', () => {
  it('anonymous: no request and no trip to Authorization; logging in elsewhere is fetched on the next show', async () => {
    const t = await open({ reloadOnReturn: true })
    expect(fetcher).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
    expect(text(t, '.login-to')).toBe('-')
    await show(t)
    expect(fetcher).not.toHaveBeenCalled()

    setItem('token', 'tok')
    await show(t)
    await until(t, () => expect(text(t, '.data')).toBe('answer 1'))
    // Once for the login, not once more for the return.
    expect(fetcher).toHaveBeenCalledTimes(1)
  })

  it('logged out meanwhile: the data is dropped on the next show, nothing asked', async () => {
    setItem('token', 'tok')
    const t = await open({ reloadOnReturn: true })
    await until(t, () => expect(text(t, '.data')).toBe('answer 1'))
    removeItem('token')
    await show(t)
    expect(text(t, '.data')).toBe('-')
    expect(text(t, '.signed-in')).toBe('false')
    expect(fetcher).toHaveBeenCalledTimes(1)
  })

  it('recheck: logging out on this screen drops the data at once', async () => {
    setItem('token', 'tok')
    const t = await open({})
    await until(t, () => expect(text(t, '.data')).toBe('answer 1'))
    removeItem('token')
    await t.act(async () => api.recheck())
    expect(text(t, '.data')).toBe('-')
  })
})
