import { z } from 'zod'
import { Phone, ShortText, shopperSays } from './common'

export const MAX_ADDRESSES = 20

export const Address = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
  is_default: z.boolean(),
  /** GCJ-02 point (issue 25): the map pick, else the district's centre (server/domain/address/districtCentres.ts); null when neither. */
  lat: z.number().nullable().optional(),
  lng: z.number().nullable().optional(),
})
export type Address = z.infer<typeof Address>

/** Same rules as the form (src/features/address/validate.ts), checked again here. */
export const AddressSave = z.object({
  id: z.number({ invalid_type_error: 'id must be a number' }).int().positive().optional(),
  name: ShortText('name', 20).min(1, shopperSays('recipient_required')),
  mobile: Phone,
  province: ShortText('province', 20).min(1, shopperSays('region_required')),
  city: ShortText('city', 20).min(1, shopperSays('region_required')),
  district: ShortText('district', 20).min(1, shopperSays('region_required')),
  detail: ShortText('detail', 120).min(4, shopperSays('address_detail_too_short')),
  is_default: z.boolean({ invalid_type_error: 'is_default must be true or false' }).default(false),
  /** The map pick's point (GCJ-02; weapp chooseLocation), both or neither; without it the district's centre is kept. */
  lat: z.number({ invalid_type_error: 'lat must be a number' }).min(-90).max(90).optional(),
  lng: z.number({ invalid_type_error: 'lng must be a number' }).min(-180).max(180).optional(),
})
export type AddressSave = z.input<typeof AddressSave>
export const AddressIdPayload = z.object({ id: z.number({ invalid_type_error: 'id must be a number' }).int().positive() })
export const AddressListAnswer = z.object({ list: z.array(Address) })
export const AddressAnswer = z.object({ info: Address })
export const DeletedAnswer = z.object({ deleted: z.literal(true) })
