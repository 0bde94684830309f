import type { ApiBase } from './apiBase.types'

export const apiBase: ApiBase = {
  // Inlined by Taro at build time from .env files; empty = same origin.
  base: () => (process.env.TARO_APP_API_BASE ?? '').replace(/\/+$/, ''),
}
