import { Empty } from '../common'
import { ContactPayload, HoursPayload, IntroPayload, PhotosPayload, RenamePayload, StoreProfileAnswer, StoreProfileSaved } from '../shopProfile'
import { defineApi } from './define'

/**
 * The shop's profile (issue 44; docs/api.md "The shop's profile"): any staff member reads, only the owner changes
 * (`staff_owner_only`). Shapes in ../shopProfile.ts.
 */
export const SHOP_PROFILE_API = defineApi({
  'hui_shanghu.store_profile/read': {
    method: 'GET',
    auth: 'required',
    req: Empty,
    res: StoreProfileAnswer,
    doc: "The profile as the owner edits it, with the name waiting for review and the districts of the shop's city.",
  },
  'hui_shanghu.store_profile/rename': {
    method: 'POST',
    auth: 'required',
    req: RenamePayload,
    res: StoreProfileSaved,
    doc: 'Ask for a new name: it waits for the operator (the shop keeps its name until approved).',
  },
  'hui_shanghu.store_profile/contact': {
    method: 'POST',
    auth: 'required',
    req: ContactPayload,
    res: StoreProfileSaved,
    doc: 'Phone, district, address and map point (within the district).',
  },
  'hui_shanghu.store_profile/hours': {
    method: 'POST',
    auth: 'required',
    req: HoursPayload,
    res: StoreProfileSaved,
    doc: 'Opening hours by weekday (breaks between periods; a day without periods is closed) and closed dates.',
  },
  'hui_shanghu.store_profile/photos': {
    method: 'POST',
    auth: 'required',
    req: PhotosPayload,
    res: StoreProfileSaved,
    doc: 'The photos in order and the cover (one of them).',
  },
  'hui_shanghu.store_profile/intro': {
    method: 'POST',
    auth: 'required',
    req: IntroPayload,
    res: StoreProfileSaved,
    doc: "The introduction (HTML; stored as the server's allow-list leaves it).",
  },
})
