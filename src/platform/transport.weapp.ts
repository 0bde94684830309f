import Taro from '@tarojs/taro'
import { lowerCaseHeaders, type Transport } from '@/core/transport.types'

/** Mini-program: wx.request through Taro (networkTimeout in app.config also applies). */
export const transport: Transport = {
  async send({ url, method, data, headers, timeoutMs }) {
    const res = await Taro.request<unknown>({
      url,
      method,
      data,
      header: method === 'GET' ? headers : { ...headers, 'Content-Type': 'application/json' },
      timeout: timeoutMs,
      dataType: 'json',
    })
    return { status: res.statusCode, body: res.data, headers: lowerCaseHeaders(res.header) }
  },
}
