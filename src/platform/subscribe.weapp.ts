import Taro from '@tarojs/taro'
import { SUBSCRIBE_MAX_TEMPLATES, SUBSCRIBE_RESULTS, type SubscribeResult } from '@/contract/takeoutEndpoints'
import type { SubscribeAnswers, SubscribeMessages } from './subscribe.types'

const isResult = (v: unknown): v is SubscribeResult => typeof v === 'string' && (SUBSCRIBE_RESULTS as readonly string[]).includes(v)

/**
 * WeChat's `requestSubscribeMessage`, started in the caller's own synchronous turn (the promise's executor runs at once,
 * and Taro's wrapper calls `wx.requestSubscribeMessage` inside its own executor): after an `await` WeChat answers
 * "can only be invoked by user TAP gesture". A refusal, a failure or a throw answers [] — paying never waits on it.
 */
export const subscribeMessages: SubscribeMessages = {
  supported: true,
  ask(tmplIds) {
    const ids = [...new Set(tmplIds)].slice(0, SUBSCRIBE_MAX_TEMPLATES)
    if (ids.length === 0) return Promise.resolve([])
    return new Promise<SubscribeAnswers>((resolve) => {
      try {
        const asked = Taro.requestSubscribeMessage({
          tmplIds: ids,
          entityIds: [],
          success: (res) => {
            const answers = res as unknown as Record<string, unknown>
            resolve(ids.flatMap((id) => (isResult(answers[id]) ? [{ template_id: id, result: answers[id] as SubscribeResult }] : [])))
          },
          fail: () => resolve([]),
        })
        // Taro's promise rejects as `fail` is called: already answered.
        void Promise.resolve(asked).catch(() => undefined)
      } catch {
        resolve([])
      }
    })
  },
}
