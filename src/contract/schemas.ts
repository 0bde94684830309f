/**
 * Request and answer schema of every endpoint, keyed by path. The server validates with these; the client
 * imports only the `Api` type (`import type`), so a renamed field breaks the type-check on both sides.
 */
import { z } from 'zod'
import { AddressAnswer, AddressIdPayload, AddressListAnswer, AddressSave, DeletedAnswer } from './address'
import {
  AuthUrlAnswer,
  AuthUrlPayload,
  BindAnswer,
  BindPayload,
  PhoneLoginPayload,
  DeleteAccountAnswer,
  DeleteAccountPayload,
  DeletionRefusalData,
  EndSessionAnswer,
  EndSessionPayload,
  LogoutAnswer,
  OpenIdAnswer,
  OpenIdPayload,
  SessionListAnswer,
  SmsAnswer,
  SmsPayload,
} from './account'
import { Empty, Id } from './common'
import { AlipayAuthUrlAnswer, AlipayAuthUrlPayload, AlipayOpenIdAnswer, AlipayOpenIdPayload } from './alipay'
import { PageQuery } from './paging'
import { GeoQuery } from './geo'
import type { EndpointPath } from './endpoints'
import type { StoreEndpointPath, StoreStaffEndpointPath } from './storeEndpoints'
import type { FuelEndpointPath } from './fuelEndpoints'
import type { JobEndpointPath } from './jobEndpoints'
import { JobIdPayload, JobContactAnswer, JobListQuery, JobPage, JobReadAnswer, JobReadQuery, JobReportAnswer, JobReportPayload, StoreJobAnswer, StoreJobAnswerReports, StoreJobPage, StoreJobSave } from './jobs'
import { StationListQuery, StationPage, StationReadAnswer } from './fuel'
import { ReceiptAnswer, ReceiptQuery } from './receipt'
import { DiscountDayAnswer, DiscountDayCancelReminder, DiscountDayQuery, DiscountDayRemind, DiscountDayRemindAnswer } from './discountDay'
import {
  CardCheckAnswer,
  CardCheckPayload,
  RefundRejectPayload,
  StoreOrderAnswer,
  StoreOrderId,
  StoreOrderPage,
  StoreOrderQuery,
  VerifyCodePayload,
  VerifyPreviewAnswer,
  WorkbenchAnswer,
} from './store'
import {
  CreateAnswer,
  CreatePayload,
  OrderListAnswer,
  OrderListQuery,
  OrderPayload,
  PayparamAnswer,
  PayparamPayload,
  PayResultPayload,
  PriceQuote,
  CancelPayload,
  ReadAnswer,
  ReadPayload,
  RefundAnswer,
  RefundPayload,
  VerificationAnswer,
} from './order'
import { OrderLogAnswer, SeckillListAnswer, SeckillListQuery, SeckillReadAnswer, SeckillReadPayload } from './seckill'
import { BusinessClassAnswer, CityListAnswer, CityLocateAnswer, CityLocatePayload, RegionTreeAnswer, CommentPage, CommentQuery, ModuleListAnswer, ServerInfo, UrlByNumberAnswer, UrlByNumberPayload } from './site'
import { CardProductsAnswer, ClaimableAnswer, ClaimAnswer, ClaimPayload, CouponPage, CouponQuery, MyCardsAnswer, ProfileAnswer, ShopListQuery, ShopPage, ShopReadAnswer, ShopReadQuery } from './member'
import { JssdkAnswer, JssdkPayload } from './wechat'
import { InviteAcceptAnswer, InviteCodePayload, InviteImageAnswer, InviteReadAnswer, StaffInviteAnswer, StaffInviteId, StaffListAnswer, StaffRemovePayload } from './storeStaff'
import { MyTillCheckPage, MyTillCheckQuery, StoreTillCheckPage } from './tillChecks'
import type { MallEndpointPath } from './mallEndpoints'
import { CartAddAnswer, CartAddPayload, CartAnswer, CartCheckPayload, CartRemovePayload, CartSetPayload } from './mallCart'
import type { TakeoutEndpointPath } from './takeoutEndpoints'
import type { ReferralEndpointPath } from './referralEndpoints'
import type { MerchantEndpointPath } from './merchantEndpoints'
import type { StoreShopEndpointPath } from './storeShopEndpoints'
import { CategorySave, CouponId, CouponSave, CouponSaveAnswer, DeliverySave, DishSave, MenuEditorAnswer, MenuId, MenuMove, MenuWriteAnswer, ShopChangePage, ShopChangeQuery, ShopCouponList } from './storeShop'
import { MerchantApplicationAnswer, MerchantApplicationPayload } from './merchant'
import type { ShopProfileEndpointPath } from './shopProfileEndpoints'
import { ContactPayload, HoursPayload, IntroPayload, PhotosPayload, RenamePayload, StoreProfileAnswer, StoreProfileSaved } from './shopProfile'
import { ReferralContestAnswer, ReferralHideAnswer, ReferralHidePayload } from './referral'
import { TakeoutSubscribeAnswer, TakeoutSubscribePayload, TakeoutSubscribeTemplatesAnswer } from './takeoutSubscribe'
import {
  StoreTakeoutAnswer,
  StoreTakeoutDispatch,
  StoreTakeoutPage,
  StoreTakeoutPause,
  StoreTakeoutQuery,
  StoreTakeoutRefuse,
  StoreTakeoutSettingsAnswer,
  StoreTakeoutSoldOut,
  StoreTakeoutVerify,
  TakeoutCategoryAnswer,
  TakeoutMenuAnswer,
  TakeoutMenuQuery,
  TakeoutOrderAnswer,
  TakeoutOrderId,
  TakeoutRatePayload,
  TakeoutSearchAnswer,
  TakeoutSearchQuery,
  TakeoutShopPage,
  TakeoutShopQuery,
  TakeoutShopReadAnswer,
  TakeoutShopReadQuery,
} from './takeout'
import { ConfirmReceiptAnswer, GalleryAnswer, LogisticsAnswer, MallCategoryAnswer, MallProductAnswer, MallProductPage, MallProductQuery, MallSpecialAnswer, OrderIdPayload, ShipPayload } from './mall'

export const SCHEMAS = {
  'personal.order/preCreate': { req: OrderPayload, res: PriceQuote },
  'personal.order/create': { req: CreatePayload, res: CreateAnswer },
  'personal.order/payparam': { req: PayparamPayload, res: PayparamAnswer },
  'personal.order/payResult': { req: PayResultPayload, res: ReadAnswer },
  'personal.order/read': { req: ReadPayload, res: ReadAnswer },
  'personal.order/index': { req: OrderListQuery, res: OrderListAnswer },
  'personal.order/refund': { req: RefundPayload, res: RefundAnswer },
  'personal.order/cancelRefund': { req: CancelPayload, res: RefundAnswer },
  'personal.order/orderVerification': { req: z.object({ id: Id }), res: VerificationAnswer },
  'index/serverInfo': { req: Empty, res: ServerInfo },
  'index/moduleList': { req: Empty, res: ModuleListAnswer },
  'index/getUrlByNumber': { req: UrlByNumberPayload, res: UrlByNumberAnswer },
  'hui_public.hsh_seckill_prod/index': { req: SeckillListQuery, res: SeckillListAnswer },
  'hui_public.hsh_seckill_prod/read': { req: SeckillReadPayload, res: SeckillReadAnswer },
  'hui_public.hsh_seckill_prod/orderLog': { req: SeckillReadPayload, res: OrderLogAnswer },
  'hui_shanghu.hs_business_class/index': { req: Empty, res: BusinessClassAnswer },
  'hui_public.hsh_comment/index': { req: CommentQuery, res: CommentPage },
  'Captcha/sendSmsCaptcha': { req: SmsPayload, res: SmsAnswer },
  'website.hui_china_city/cityList': { req: Empty, res: CityListAnswer },
  'website.hui_china_city/locate': { req: CityLocatePayload, res: CityLocateAnswer },
  'wechat/getWxAuthCodeUrl': { req: AuthUrlPayload, res: AuthUrlAnswer },
  'wechat/bind': { req: BindPayload, res: BindAnswer },
  'wechat/phoneLogin': { req: PhoneLoginPayload, res: BindAnswer },
  'wechat/getOpenID': { req: OpenIdPayload, res: OpenIdAnswer },
  'wechat/getJSSDKConfig': { req: JssdkPayload, res: JssdkAnswer },
  'alipay/getAuthUrl': { req: AlipayAuthUrlPayload, res: AlipayAuthUrlAnswer },
  'alipay/getOpenId': { req: AlipayOpenIdPayload, res: AlipayOpenIdAnswer },
  'personal.user/info': { req: Empty, res: ProfileAnswer },
  'personal.user/logout': { req: Empty, res: LogoutAnswer },
  'personal.user/sessions': { req: Empty, res: SessionListAnswer },
  'personal.user/endSession': { req: EndSessionPayload, res: EndSessionAnswer },
  'personal.user/deletionCheck': { req: Empty, res: DeletionRefusalData },
  'personal.user/delete': { req: DeleteAccountPayload, res: DeleteAccountAnswer },
  'personal.order/cancel': { req: CancelPayload, res: ReadAnswer },
  'hui_public.card/index': { req: Empty, res: CardProductsAnswer },
  'personal.card/index': { req: Empty, res: MyCardsAnswer },
  'personal.card/checks': { req: MyTillCheckQuery, res: MyTillCheckPage },
  'hui_shanghu.discount_day/index': { req: DiscountDayQuery, res: DiscountDayAnswer },
  'personal.discount_day/remind': { req: DiscountDayRemind, res: DiscountDayRemindAnswer },
  'personal.discount_day/cancelReminder': { req: DiscountDayCancelReminder, res: DiscountDayRemindAnswer },
  'hui_public.order/receipt': { req: ReceiptQuery, res: ReceiptAnswer },
  'hui_shanghu.shop/index': { req: ShopListQuery, res: ShopPage },
  'hui_shanghu.shop/read': { req: ShopReadQuery, res: ShopReadAnswer },
  'personal.coupon/index': { req: CouponQuery, res: CouponPage },
  'hui_public.coupon/index': { req: z.object({ shop_id: Id.optional() }), res: ClaimableAnswer },
  'personal.coupon/claim': { req: ClaimPayload, res: ClaimAnswer },
  'website.hui_china_city/regionTree': { req: Empty, res: RegionTreeAnswer },
  'personal.address/index': { req: Empty, res: AddressListAnswer },
  'personal.address/save': { req: AddressSave, res: AddressAnswer },
  'personal.address/delete': { req: AddressIdPayload, res: DeletedAnswer },
  'personal.address/setDefault': { req: AddressIdPayload, res: AddressAnswer },
  // The store's calls (./storeEndpoints.ts).
  'hui_shanghu.store/workbench': { req: Empty, res: WorkbenchAnswer },
  'hui_shanghu.store_order/index': { req: StoreOrderQuery, res: StoreOrderPage },
  'hui_shanghu.store_order/read': { req: StoreOrderId, res: StoreOrderAnswer },
  'hui_shanghu.store_order/verifyPreview': { req: VerifyCodePayload, res: VerifyPreviewAnswer },
  'hui_shanghu.store_order/verify': { req: VerifyCodePayload, res: StoreOrderAnswer },
  'hui_shanghu.store_order/refundApprove': { req: StoreOrderId, res: StoreOrderAnswer },
  'hui_shanghu.store_order/refundReject': { req: RefundRejectPayload, res: StoreOrderAnswer },
  'hui_shanghu.store_card/check': { req: CardCheckPayload, res: CardCheckAnswer },
  'hui_shanghu.store_card/checks': { req: PageQuery, res: StoreTillCheckPage },
  'hui_shanghu.store_order/ship': { req: ShipPayload, res: StoreOrderAnswer },
  'hui_shanghu.store_staff/index': { req: Empty, res: StaffListAnswer },
  'hui_shanghu.store_staff/invite': { req: Empty, res: StaffInviteAnswer },
  'hui_shanghu.store_staff/inviteCode': { req: InviteCodePayload, res: InviteImageAnswer },
  'hui_shanghu.store_staff/revoke': { req: StaffInviteId, res: StaffListAnswer },
  'hui_shanghu.store_staff/remove': { req: StaffRemovePayload, res: StaffListAnswer },
  'hui_shanghu.store_invite/read': { req: InviteCodePayload, res: InviteReadAnswer },
  'hui_shanghu.store_invite/accept': { req: InviteCodePayload, res: InviteAcceptAnswer },
  // Fuel (./fuelEndpoints.ts).
  'hui_shanghu.oil_station/index': { req: StationListQuery, res: StationPage },
  'hui_shanghu.oil_station/read': { req: z.object({ id: Id }).merge(GeoQuery), res: StationReadAnswer },
  // The micro mall and parcels (./mallEndpoints.ts).
  'hui_public.mall_category/index': { req: Empty, res: MallCategoryAnswer },
  'hui_public.mall_product/index': { req: MallProductQuery, res: MallProductPage },
  'hui_public.mall_product/read': { req: OrderIdPayload, res: MallProductAnswer },
  'hui_public.mall_special/read': { req: OrderIdPayload, res: MallSpecialAnswer },
  'hui_public.mall_gallery/index': { req: Empty, res: GalleryAnswer },
  'personal.order/logistics': { req: OrderIdPayload, res: LogisticsAnswer },
  'personal.order/confirmReceipt': { req: OrderIdPayload, res: ConfirmReceiptAnswer },
  'personal.mall_cart/index': { req: Empty, res: CartAnswer },
  'personal.mall_cart/add': { req: CartAddPayload, res: CartAddAnswer },
  'personal.mall_cart/setQuantity': { req: CartSetPayload, res: CartAnswer },
  'personal.mall_cart/check': { req: CartCheckPayload, res: CartAnswer },
  'personal.mall_cart/remove': { req: CartRemovePayload, res: CartAnswer },
  // Takeout (./takeoutEndpoints.ts, issue 25).
  'hui_public.takeout_category/index': { req: Empty, res: TakeoutCategoryAnswer },
  'hui_public.takeout_shop/index': { req: TakeoutShopQuery, res: TakeoutShopPage },
  'hui_public.takeout_shop/read': { req: TakeoutShopReadQuery, res: TakeoutShopReadAnswer },
  'hui_public.takeout_shop/menu': { req: TakeoutMenuQuery, res: TakeoutMenuAnswer },
  'hui_public.takeout/search': { req: TakeoutSearchQuery, res: TakeoutSearchAnswer },
  'personal.takeout/read': { req: TakeoutOrderId, res: TakeoutOrderAnswer },
  'personal.takeout/cancel': { req: TakeoutOrderId, res: TakeoutOrderAnswer },
  'personal.takeout/confirm': { req: TakeoutOrderId, res: TakeoutOrderAnswer },
  'personal.takeout/rate': { req: TakeoutRatePayload, res: TakeoutOrderAnswer },
  'hui_public.takeout/subscribeTemplates': { req: Empty, res: TakeoutSubscribeTemplatesAnswer },
  'personal.takeout/subscribe': { req: TakeoutSubscribePayload, res: TakeoutSubscribeAnswer },
  'hui_shanghu.store_takeout/index': { req: StoreTakeoutQuery, res: StoreTakeoutPage },
  'hui_shanghu.store_takeout/read': { req: TakeoutOrderId, res: StoreTakeoutAnswer },
  'hui_shanghu.store_takeout/accept': { req: TakeoutOrderId, res: StoreTakeoutAnswer },
  'hui_shanghu.store_takeout/refuse': { req: StoreTakeoutRefuse, res: StoreTakeoutAnswer },
  'hui_shanghu.store_takeout/ready': { req: TakeoutOrderId, res: StoreTakeoutAnswer },
  'hui_shanghu.store_takeout/dispatch': { req: StoreTakeoutDispatch, res: StoreTakeoutAnswer },
  'hui_shanghu.store_takeout/deliver': { req: TakeoutOrderId, res: StoreTakeoutAnswer },
  'hui_shanghu.store_takeout/verifyPickup': { req: StoreTakeoutVerify, res: StoreTakeoutAnswer },
  'hui_shanghu.store_takeout/settings': { req: Empty, res: StoreTakeoutSettingsAnswer },
  'hui_shanghu.store_takeout/soldOut': { req: StoreTakeoutSoldOut, res: StoreTakeoutSettingsAnswer },
  'hui_shanghu.store_takeout/pause': { req: StoreTakeoutPause, res: StoreTakeoutSettingsAnswer },
  // The referral contest (./referralEndpoints.ts, issue 26).
  'hui_public.referral_contest/read': { req: Empty, res: ReferralContestAnswer },
  'personal.referral/hide': { req: ReferralHidePayload, res: ReferralHideAnswer },
  // Jobs (./jobEndpoints.ts, issue 26).
  'hui_public.job/index': { req: JobListQuery, res: JobPage },
  'hui_public.job/read': { req: JobReadQuery, res: JobReadAnswer },
  'personal.job/contact': { req: JobIdPayload, res: JobContactAnswer },
  'personal.job/report': { req: JobReportPayload, res: JobReportAnswer },
  'hui_shanghu.store_job/index': { req: PageQuery, res: StoreJobPage },
  'hui_shanghu.store_job/save': { req: StoreJobSave, res: StoreJobAnswer },
  'hui_shanghu.store_job/close': { req: JobIdPayload, res: StoreJobAnswer },
  'hui_shanghu.store_job/confirm': { req: JobIdPayload, res: StoreJobAnswer },
  'hui_shanghu.store_job/answerReports': { req: StoreJobAnswerReports, res: StoreJobAnswer },
  // Merchant sign-up (./merchantEndpoints.ts, issue 26).
  'personal.merchant_application/read': { req: Empty, res: MerchantApplicationAnswer },
  'personal.merchant_application/submit': { req: MerchantApplicationPayload, res: MerchantApplicationAnswer },
  // A merchant runs their own shop (./storeShopEndpoints.ts, issue 44).
  'hui_shanghu.store_menu/read': { req: Empty, res: MenuEditorAnswer },
  'hui_shanghu.store_menu/saveCategory': { req: CategorySave, res: MenuWriteAnswer },
  'hui_shanghu.store_menu/deleteCategory': { req: MenuId, res: MenuWriteAnswer },
  'hui_shanghu.store_menu/moveCategory': { req: MenuMove, res: MenuWriteAnswer },
  'hui_shanghu.store_menu/saveDish': { req: DishSave, res: MenuWriteAnswer },
  'hui_shanghu.store_menu/deleteDish': { req: MenuId, res: MenuWriteAnswer },
  'hui_shanghu.store_menu/moveDish': { req: MenuMove, res: MenuWriteAnswer },
  'hui_shanghu.store_menu/saveDelivery': { req: DeliverySave, res: MenuWriteAnswer },
  'hui_shanghu.store_coupon/index': { req: Empty, res: ShopCouponList },
  'hui_shanghu.store_coupon/save': { req: CouponSave, res: CouponSaveAnswer },
  'hui_shanghu.store_coupon/stop': { req: CouponId, res: CouponSaveAnswer },
  'hui_shanghu.store_changes/index': { req: ShopChangeQuery, res: ShopChangePage },
  // The shop's profile (./shopProfileEndpoints.ts, issue 44).
  'hui_shanghu.store_profile/read': { req: Empty, res: StoreProfileAnswer },
  'hui_shanghu.store_profile/rename': { req: RenamePayload, res: StoreProfileSaved },
  'hui_shanghu.store_profile/contact': { req: ContactPayload, res: StoreProfileSaved },
  'hui_shanghu.store_profile/hours': { req: HoursPayload, res: StoreProfileSaved },
  'hui_shanghu.store_profile/photos': { req: PhotosPayload, res: StoreProfileSaved },
  'hui_shanghu.store_profile/intro': { req: IntroPayload, res: StoreProfileSaved },
} as const satisfies Record<ApiPath, { req: z.ZodTypeAny; res: z.ZodTypeAny }>

/** Every path: the app's (ENDPOINTS) and the store workbench's (STORE_ENDPOINTS). */
export type ApiPath = EndpointPath | StoreEndpointPath | StoreStaffEndpointPath | FuelEndpointPath | MallEndpointPath | TakeoutEndpointPath | JobEndpointPath | ReferralEndpointPath | MerchantEndpointPath | ShopProfileEndpointPath | StoreShopEndpointPath

type Schemas = typeof SCHEMAS
export type Api = { [P in ApiPath]: { req: z.input<Schemas[P]['req']>; res: z.output<Schemas[P]['res']> } }
export type ApiReq<P extends ApiPath> = Api[P]['req']
export type ApiRes<P extends ApiPath> = Api[P]['res']
