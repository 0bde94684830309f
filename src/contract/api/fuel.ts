import { z } from 'zod'
import { StationListQuery, StationPage, StationReadAnswer } from '../fuel'
import { Id } from '../common'
import { GeoQuery } from '../geo'
import { defineApi } from './define'

/**
 * Fuel (issue 13): the stations near the shopper and one station's grades, prices and pumps; paid as order kind
 * `oil` (personal.order/preCreate, create). Shapes in ../fuel.ts.
 */
export const FUEL_API = defineApi({
  'hui_shanghu.oil_station/index': {
    method: 'GET',
    auth: 'optional',
    req: StationListQuery,
    res: StationPage,
    doc: "Fuel stations, nearest first with a point: brand, grades and today's prices (member price per litre for the shopper).",
  },
  'hui_shanghu.oil_station/read': {
    method: 'GET',
    auth: 'optional',
    req: z.object({ id: Id }).merge(GeoQuery),
    res: StationReadAnswer,
    doc: "One fuel station: its grades with today's and member prices, and its pumps.",
  },
})
