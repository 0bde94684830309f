/**
 * Fuel stations and their prices (issue 13; docs/api.md "Fuel"). zod for the server; types only on the client.
 * Prices are cents per litre; the price in force is the one with the latest `effective_from` on or before the
 * business day (server/storage/repo/fuel.ts).
 */
import { z } from 'zod'
import { Id } from './common'
import { GeoQuery } from './geo'
import { PageQuery, pagedOf } from './paging'
import { PriceQuote } from './order'

export const StationListQuery = PageQuery.merge(GeoQuery).extend({ city_id: Id.optional() })
export type StationListQuery = z.input<typeof StationListQuery>

/** One grade a station offers: its list price and the shopper's member price, per litre. */
export const GradePrice = z.object({
  grade: z.string(),
  /** List price per litre, cents. */
  price: z.number().int(),
  /** Per litre after the station's discount and the shopper's card (as Pay a bill prices them), cents. */
  member_price: z.number().int(),
})
export type GradePrice = z.infer<typeof GradePrice>

export const Station = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  city_id: z.number().int(),
  address: z.string(),
  hours: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Percent paid after the station's discount (96 = 4 % off), as on shops. */
  discount_rate: z.number().int(),
  /** Metres from the point asked with; null when no point was given. */
  distance: z.number().int().nullable(),
  grades: z.array(GradePrice),
})
export type Station = z.infer<typeof Station>
export const StationPage = pagedOf(Station)

export const StationReadAnswer = z.object({
  info: Station.extend({
    phone: z.string(),
    /** The station's own pump numbers. */
    pumps: z.array(z.number().int()),
    /** Whether the member price counts a card of the shopper's (false: the station's discount only). */
    member_card: z.boolean(),
  }),
})
export type StationDetail = z.infer<typeof StationReadAnswer>['info']

/**
 * `data` of create's refusal when the price per litre moved since the quote (code 0): the new figure and the
 * fresh quote for the same payload. The shopper confirms, and create is sent again with the new `quoted_price`.
 */
export const PriceMoved = z.object({
  price_moved: z.object({ grade: z.string(), quoted_price: z.number().int(), price: z.number().int(), quote: PriceQuote }),
})
export type PriceMoved = z.infer<typeof PriceMoved>
