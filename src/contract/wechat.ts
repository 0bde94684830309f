import { z } from 'zod'
import { oneLine } from './common'

export const JssdkPayload = z.object({ url: oneLine(z.string()).min(1).max(1000) })
export const JssdkConfig = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
  jsApiList: z.array(z.string()),
})
export type JssdkConfig = z.infer<typeof JssdkConfig>
export const JssdkAnswer = z.object({ jssdk: JssdkConfig })
export type JssdkAnswer = z.infer<typeof JssdkAnswer>
