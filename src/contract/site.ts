import { z } from 'zod'
import { Id, ShortText } from './common'
import { PageQuery, pagedOf } from './paging'

export const ServerInfo = z.object({
  service_phone: z.string(),
  service_wechat: z.string(),
  service_hours: z.string(),
  version: z.string(),
  version_code: z.number().int(),
})

export const Banner = z.object({ id: z.number().int(), image: z.string(), title: z.string(), path: z.string() })
export const ServiceModule = z.object({ key: z.string(), title: z.string(), title_en: z.string(), icon: z.string(), path: z.string() })
export const ModuleListAnswer = z.object({ banners: z.array(Banner), modules: z.array(ServiceModule) })
export type ModuleListAnswer = z.infer<typeof ModuleListAnswer>

export const UploadAnswer = z.object({ url: z.string() })

export const UrlByNumberPayload = z.object({ number: ShortText('number', 64).min(1, 'number is required') })
export const UrlByNumberAnswer = z.object({ url: z.string() })

export const City = z.object({ id: z.number().int(), name: z.string(), pinyin: z.string(), hot: z.boolean() })
export const CityListAnswer = z.object({ list: z.array(City) })

/** `oil`: the fuel stations' class (paid on their own screen, not on Discount bill). */
export const BusinessClass = z.object({ id: z.number().int(), name: z.string(), icon: z.string(), oil: z.boolean() })
export const BusinessClassAnswer = z.object({ list: z.array(BusinessClass) })

export const CommentQuery = PageQuery.extend({ shop_id: Id.optional(), product_id: Id.optional() })
export const Comment = z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string(), rating: z.number().int(), content: z.string(), create_time: z.string() })
export const CommentPage = pagedOf(Comment)
export type Comment = z.infer<typeof Comment>

export const RegionNode: z.ZodType<{ name: string; children?: Array<{ name: string; children?: Array<{ name: string }> }> }> = z.object({
  name: z.string(),
  children: z.array(z.object({ name: z.string(), children: z.array(z.object({ name: z.string() })).optional() })).optional(),
})
export const RegionTreeAnswer = z.object({ list: z.array(RegionNode) })
export type RegionTree = z.infer<typeof RegionTreeAnswer>['list']
