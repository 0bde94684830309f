/** The Add/edit address form: what the shopper typed, and which fields are wrong (by message key). */
export interface AddressDraft {
  name: string
  mobile: string
  province: string
  city: string
  district: string
  detail: string
  is_default: boolean
}

export type AddressField = 'name' | 'mobile' | 'region' | 'detail'
export type AddressErrorKey =
  | 'address.error.nameRequired'
  | 'address.error.nameTooLong'
  | 'address.error.mobileInvalid'
  | 'address.error.regionRequired'
  | 'address.error.detailTooShort'
  | 'address.error.detailTooLong'

export type AddressErrors = Partial<Record<AddressField, AddressErrorKey>>

/** Mainland mobile: 11 digits starting with 1. */
export const MOBILE_RE = /^1\d{10}$/

export function validateAddress(d: AddressDraft): AddressErrors {
  const errors: AddressErrors = {}
  const name = d.name.trim()
  if (!name) errors.name = 'address.error.nameRequired'
  else if ([...name].length > 20) errors.name = 'address.error.nameTooLong'
  if (!MOBILE_RE.test(d.mobile.trim())) errors.mobile = 'address.error.mobileInvalid'
  if (!d.province || !d.city || !d.district) errors.region = 'address.error.regionRequired'
  const detail = d.detail.trim()
  if ([...detail].length < 4) errors.detail = 'address.error.detailTooShort'
  else if ([...detail].length > 120) errors.detail = 'address.error.detailTooLong'
  return errors
}

export const emptyAddress = (): AddressDraft => ({ name: '', mobile: '', province: '', city: '', district: '', detail: '', is_default: false })
