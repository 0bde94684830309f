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

/** A point (GCJ-02) to find the nearest city of (website.hui_china_city/locate): both halves required. */
export const CityLocatePayload = z.object({
  lat: z.coerce.number({ invalid_type_error: 'lat must be a number', required_error: 'lat is required' }).min(-90, 'lat is out of range').max(90, 'lat is out of range'),
  lng: z.coerce.number({ invalid_type_error: 'lng must be a number', required_error: 'lng is required' }).min(-180, 'lng is out of range').max(180, 'lng is out of range'),
})
/**
 * The city nearest that point and how far its centre is (metres); `city` null when no city of the service is
 * within reach (NEAREST_CITY_MAX_M), so the shopper picks one.
 */
export const CityLocateAnswer = z.object({ city: City.nullable(), distance: z.number().int().nullable() })
export type CityLocateAnswer = z.infer<typeof CityLocateAnswer>
/** Farther than this from every city centre, the server names no city. */
export const NEAREST_CITY_MAX_M = 150_000

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
