import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { defineRoute } from '../envelope'
import { changeHistory, requireShopOwner } from '../../domain/store/changes'
import { issueCoupon, shopCouponList, stopCoupon } from '../../domain/coupons'
import { deleteCategory, deleteDish, menuEditorOf, moveCategory, moveDish, saveCategory, saveDelivery, saveDish } from '../../domain/store/menu'
import { requireMember } from '../../domain/store/staff'

/**
 * A merchant runs their own shop (issue 44; src/contract/storeShopEndpoints.ts; docs/api.md "The shop's menu, coupons and
 * change history"). Any staff member reads the menu; every other call is the owner's (staff: `owner_only`; a shopper who
 * is staff of no store: `no_permission`; anonymous: code -1). Each write answers what the screen shows next.
 */
export function storeShopRoutes(app: FastifyInstance, db: Q): void {
  defineRoute(app, db, 'hui_shanghu.store_menu/read', async ({ user, lang }) => menuEditorOf(db, await requireMember(db, user), lang))

  defineRoute(app, db, 'hui_shanghu.store_menu/saveCategory', async ({ input, user, lang }) => saveCategory(db, await requireShopOwner(db, user), lang, input))
  defineRoute(app, db, 'hui_shanghu.store_menu/deleteCategory', async ({ input, user, lang }) => deleteCategory(db, await requireShopOwner(db, user), lang, input.id))
  defineRoute(app, db, 'hui_shanghu.store_menu/moveCategory', async ({ input, user, lang }) => moveCategory(db, await requireShopOwner(db, user), lang, input))
  defineRoute(app, db, 'hui_shanghu.store_menu/saveDish', async ({ input, user, lang }) => saveDish(db, await requireShopOwner(db, user), lang, input))
  defineRoute(app, db, 'hui_shanghu.store_menu/deleteDish', async ({ input, user, lang }) => deleteDish(db, await requireShopOwner(db, user), lang, input.id))
  defineRoute(app, db, 'hui_shanghu.store_menu/moveDish', async ({ input, user, lang }) => moveDish(db, await requireShopOwner(db, user), lang, input))
  defineRoute(app, db, 'hui_shanghu.store_menu/saveDelivery', async ({ input, user, lang }) => saveDelivery(db, await requireShopOwner(db, user), lang, input))

  defineRoute(app, db, 'hui_shanghu.store_coupon/index', async ({ user }) => shopCouponList(db, await requireShopOwner(db, user)))
  defineRoute(app, db, 'hui_shanghu.store_coupon/save', async ({ input, user }) => {
    const owner = await requireShopOwner(db, user)
    const id = await issueCoupon(db, owner, input)
    return { ...(await shopCouponList(db, owner)), saved_id: id }
  })
  defineRoute(app, db, 'hui_shanghu.store_coupon/stop', async ({ input, user }) => {
    const owner = await requireShopOwner(db, user)
    await stopCoupon(db, owner, input.id)
    return { ...(await shopCouponList(db, owner)), saved_id: input.id }
  })

  defineRoute(app, db, 'hui_shanghu.store_changes/index', async ({ input, user, lang }) => changeHistory(db, await requireShopOwner(db, user), lang, input.page, input.page_size))
}
