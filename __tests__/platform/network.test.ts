import Taro from '@tarojs/taro'
import { network as h5 } from '@/platform/network.h5'
import { network as weapp } from '@/platform/network.weapp'

afterEach(() => jest.restoreAllMocks())

describe('back online, one interface on both targets', () => {
  it("H5: the browser's online event calls back until unsubscribed", () => {
    const back = jest.fn()
    const stop = h5.onOnline(back)
    window.dispatchEvent(new Event('online'))
    expect(back).toHaveBeenCalledTimes(1)
    stop()
    window.dispatchEvent(new Event('online'))
    expect(back).toHaveBeenCalledTimes(1)
  })

  it('weapp: onNetworkStatusChange, passing on only "connected again", and off on unsubscribe', () => {
    let listener: ((res: { isConnected: boolean; networkType: string }) => void) | undefined
    const on = jest.spyOn(Taro, 'onNetworkStatusChange').mockImplementation((cb) => void (listener = cb as typeof listener))
    const off = jest.spyOn(Taro, 'offNetworkStatusChange').mockImplementation(() => undefined)
    const back = jest.fn()
    const stop = weapp.onOnline(back)
    expect(on).toHaveBeenCalledTimes(1)
    listener?.({ isConnected: false, networkType: 'none' })
    expect(back).not.toHaveBeenCalled()
    listener?.({ isConnected: true, networkType: 'wifi' })
    expect(back).toHaveBeenCalledTimes(1)
    stop()
    expect(off).toHaveBeenCalledWith(listener)
  })
})
