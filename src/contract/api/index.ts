/**
 * Every endpoint of the app's API by area (issue 41). An area is one client module of path → method
 * (src/contract/generated/, written by `npm run gen:api`), split as the app's bundles are: the app's own table is on
 * Home's first load, every other area only in the sub-packages that call it. A new endpoint goes into its area's
 * table (./<area>.ts); a new area gets a row here.
 */
import { APP_API } from './app'
import { FUEL_API } from './fuel'
import { JOB_API } from './jobs'
import { MALL_API } from './mall'
import { MERCHANT_API } from './merchant'
import { REFERRAL_API } from './referral'
import { SHOP_PROFILE_API } from './shopProfile'
import { STORE_API } from './store'
import { STORE_SHOP_API } from './storeShop'
import { STORE_STAFF_API } from './storeStaff'
import { TAKEOUT_API } from './takeout'
import type { Endpoint } from './define'

export interface ApiArea {
  /** The definitions. */
  endpoints: Readonly<Record<string, Endpoint>>
  /** Its heading in docs/api.md's index. */
  title: string
  /** The generated module (src/contract/generated/<module>.ts), its table and its path type. */
  module: string
  table: string
  pathType: string
  /** The definitions' file, under src/contract/api/. */
  source: string
  /** Who imports the generated table (its header says it). */
  loadedBy: string
}

export const API_AREAS: readonly ApiArea[] = [
  { endpoints: APP_API, source: 'app.ts', title: 'The app', module: 'endpoints', table: 'ENDPOINTS', pathType: 'EndpointPath', loadedBy: "the request client (src/core/request.ts), on Home's first load" },
  { endpoints: STORE_API, source: 'store.ts', title: "The store's till and orders", module: 'storeEndpoints', table: 'STORE_ENDPOINTS', pathType: 'StoreEndpointPath', loadedBy: 'the store workbench (src/api/store.ts)' },
  { endpoints: STORE_STAFF_API, source: 'storeStaff.ts', title: 'Staff and invites', module: 'storeStaffEndpoints', table: 'STORE_STAFF_ENDPOINTS', pathType: 'StoreStaffEndpointPath', loadedBy: 'the Staff screen and the invite page (src/api/staff.ts)' },
  { endpoints: STORE_SHOP_API, source: 'storeShop.ts', title: "The shop's menu, coupons and change history", module: 'storeShopEndpoints', table: 'STORE_SHOP_ENDPOINTS', pathType: 'StoreShopEndpointPath', loadedBy: "the workbench's menu, coupon and history screens (src/api/storeShop.ts)" },
  { endpoints: SHOP_PROFILE_API, source: 'shopProfile.ts', title: "The shop's profile", module: 'shopProfileEndpoints', table: 'SHOP_PROFILE_ENDPOINTS', pathType: 'ShopProfileEndpointPath', loadedBy: "the workbench's profile screens (src/api/storeProfile.ts)" },
  { endpoints: FUEL_API, source: 'fuel.ts', title: 'Fuel', module: 'fuelEndpoints', table: 'FUEL_ENDPOINTS', pathType: 'FuelEndpointPath', loadedBy: 'the fuel screen (src/api/fuel.ts)' },
  { endpoints: MALL_API, source: 'mall.ts', title: 'Micro mall, cart and parcels', module: 'mallEndpoints', table: 'MALL_ENDPOINTS', pathType: 'MallEndpointPath', loadedBy: "the mall's sub-package and the parcel screens (src/api/mall.ts, src/api/logistics.ts)" },
  { endpoints: TAKEOUT_API, source: 'takeout.ts', title: 'Takeout', module: 'takeoutEndpoints', table: 'TAKEOUT_ENDPOINTS', pathType: 'TakeoutEndpointPath', loadedBy: 'the takeout sub-package and the workbench (src/api/takeout.ts, src/api/store.ts)' },
  { endpoints: JOB_API, source: 'jobs.ts', title: 'Jobs', module: 'jobEndpoints', table: 'JOB_ENDPOINTS', pathType: 'JobEndpointPath', loadedBy: "the jobs screens, Search's Jobs tab and the workbench (src/api/jobs.ts)" },
  { endpoints: REFERRAL_API, source: 'referral.ts', title: 'Referral contest', module: 'referralEndpoints', table: 'REFERRAL_ENDPOINTS', pathType: 'ReferralEndpointPath', loadedBy: "the contest's sub-package (src/api/referral.ts)" },
  { endpoints: MERCHANT_API, source: 'merchant.ts', title: 'Merchant sign-up', module: 'merchantEndpoints', table: 'MERCHANT_ENDPOINTS', pathType: 'MerchantEndpointPath', loadedBy: 'the sign-up screen (src/api/merchant.ts)' },
]

/** Every endpoint, keyed by path (SCHEMAS in ../schemas.ts is this). */
export const API = {
  ...APP_API,
  ...STORE_API,
  ...STORE_STAFF_API,
  ...STORE_SHOP_API,
  ...SHOP_PROFILE_API,
  ...FUEL_API,
  ...MALL_API,
  ...TAKEOUT_API,
  ...JOB_API,
  ...REFERRAL_API,
  ...MERCHANT_API,
}
