/**
 * Request and answer schema of every endpoint, keyed by path. The server validates with these; the client
 * imports only the `Api` type (`import type`), so a renamed field breaks the type-check on both sides.
 */
import type { z } from 'zod'
import type { EndpointPath } from './endpoints'
import { CreateAnswer, CreatePayload, OrderPayload, PayparamAnswer, PayparamPayload, PriceQuote, ReadAnswer, ReadPayload } from './order'
import { JssdkAnswer, JssdkPayload } from './wechat'

export const SCHEMAS = {
  'personal.order/preCreate': { req: OrderPayload, res: PriceQuote },
  'personal.order/create': { req: CreatePayload, res: CreateAnswer },
  'personal.order/payparam': { req: PayparamPayload, res: PayparamAnswer },
  'personal.order/read': { req: ReadPayload, res: ReadAnswer },
  'wechat/getJSSDKConfig': { req: JssdkPayload, res: JssdkAnswer },
} as const satisfies Record<EndpointPath, { req: z.ZodTypeAny; res: z.ZodTypeAny }>

type Schemas = typeof SCHEMAS
export type Api = { [P in EndpointPath]: { req: z.input<Schemas[P]['req']>; res: z.output<Schemas[P]['res']> } }
export type ApiReq<P extends EndpointPath> = Api[P]['req']
export type ApiRes<P extends EndpointPath> = Api[P]['res']
