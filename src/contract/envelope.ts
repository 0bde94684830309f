/** Response envelope of every call (seed §7): success = HTTP 200 and code 1. */
export const CODE = { OK: 1, FAIL: 0, AUTH: -1 } as const
export type ResultCode = (typeof CODE)[keyof typeof CODE]

export interface Envelope<T> {
  code: ResultCode
  msg: string
  data: T
}

/** Request headers the client always sends (seed §7). */
export const HEADER_TOKEN = 'Access-Token'
export const HEADER_ORIGIN = 'Access-Origin'
