import { Empty } from '../common'
import { CategorySave, CouponId, CouponSave, CouponSaveAnswer, DeliverySave, DishSave, MenuEditorAnswer, MenuId, MenuMove, MenuWriteAnswer, ShopChangePage, ShopChangeQuery, ShopCouponList } from '../storeShop'
import { defineApi } from './define'

/**
 * A merchant runs their own shop (issue 44): the takeout menu, delivery settings, the shop's coupons and the change
 * history (docs/api.md "The shop's menu, coupons and change history"). Shapes in ../storeShop.ts.
 */
export const STORE_SHOP_API = defineApi({
  'hui_shanghu.store_menu/read': {
    method: 'GET',
    auth: 'required',
    req: Empty,
    res: MenuEditorAnswer,
    doc: 'The menu as the workbench edits it (any staff member reads it; `can_edit` for the owner), with the delivery settings.',
  },
  'hui_shanghu.store_menu/saveCategory': {
    method: 'POST',
    auth: 'required',
    req: CategorySave,
    res: MenuWriteAnswer,
    doc: 'The owner adds (no id) or renames a category.',
  },
  'hui_shanghu.store_menu/deleteCategory': {
    method: 'POST',
    auth: 'required',
    req: MenuId,
    res: MenuWriteAnswer,
    doc: 'The owner deletes an empty category.',
  },
  'hui_shanghu.store_menu/moveCategory': {
    method: 'POST',
    auth: 'required',
    req: MenuMove,
    res: MenuWriteAnswer,
    doc: 'The owner moves a category one place up or down.',
  },
  'hui_shanghu.store_menu/saveDish': {
    method: 'POST',
    auth: 'required',
    req: DishSave,
    res: MenuWriteAnswer,
    doc: 'The owner adds (no id) or changes a dish: photo, name, price, packing fee, daily stock, description, option groups.',
  },
  'hui_shanghu.store_menu/deleteDish': {
    method: 'POST',
    auth: 'required',
    req: MenuId,
    res: MenuWriteAnswer,
    doc: 'The owner takes a dish off the menu (orders keep what they bought).',
  },
  'hui_shanghu.store_menu/moveDish': {
    method: 'POST',
    auth: 'required',
    req: MenuMove,
    res: MenuWriteAnswer,
    doc: 'The owner moves a dish one place up or down within its category.',
  },
  'hui_shanghu.store_menu/saveDelivery': {
    method: 'POST',
    auth: 'required',
    req: DeliverySave,
    res: MenuWriteAnswer,
    doc: "The owner sets takeout's delivery settings (the first save starts takeout for the shop).",
  },
  'hui_shanghu.store_coupon/index': {
    method: 'GET',
    auth: 'required',
    req: Empty,
    res: ShopCouponList,
    doc: "The owner's coupons with their claimed and used counts.",
  },
  'hui_shanghu.store_coupon/save': {
    method: 'POST',
    auth: 'required',
    req: CouponSave,
    res: CouponSaveAnswer,
    doc: 'The owner issues a coupon.',
  },
  'hui_shanghu.store_coupon/stop': {
    method: 'POST',
    auth: 'required',
    req: CouponId,
    res: CouponSaveAnswer,
    doc: 'The owner stops issuing a coupon (the ones claimed stay usable until they expire).',
  },
  'hui_shanghu.store_changes/index': {
    method: 'GET',
    auth: 'required',
    req: ShopChangeQuery,
    res: ShopChangePage,
    doc: 'The owner reads who changed what, when: before and after.',
  },
})
