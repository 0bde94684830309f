import type { ApiBase } from './apiBase.types'

export const apiBase: ApiBase = {
  // Mini-programs cannot use relative URLs.
  base: () => (process.env.TARO_APP_API_BASE_WEAPP || 'http://127.0.0.1:3000').replace(/\/+$/, ''),
}
