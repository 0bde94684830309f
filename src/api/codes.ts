import { request } from '@/core/request'

/** What a scanned number stands for: the raw URL the server answers (the Code page checks it is one of ours). */
export function fetchUrlByNumber(number: string): Promise<string> {
  return request('index/getUrlByNumber', { number }).then((r) => r.url)
}
