import type { Q } from '../../storage/query'
import type { z } from 'zod'
import type { ApiLang } from '../../../src/contract/common'
import type { CategorySave, DeliverySave, DishSave, EditorDish, MenuEditorAnswer, MenuMove } from '../../../src/contract/storeShop'
import { MENU_LIMITS, type MoveDirection } from '../../../src/contract/storeShopEndpoints'
import { refuse } from '../refusal'
import { named } from '../names'
import { memberPrice, settingsOf } from '../takeout/pricing'
import * as cards from '../../storage/repo/cards'
import * as menu from '../../storage/repo/menu'
import { isUploadOf } from '../../storage/repo/site'
import * as takeout from '../../storage/repo/takeout'
import { nowText } from '../../time'
import { recordChange, type Fields, type Member } from './changes'

/**
 * The takeout menu as its store edits it (issue 44; docs/api.md "The shop's menu, coupons and change history"). Only the
 * owner changes it (categories, dishes, options, delivery settings); staff read it, and mark dishes sold out and pause
 * takeout as before (both recorded). Each write is one transaction that reads what it changes again, writes it, and
 * records the change (server/domain/store/changes.ts); the answer is the menu as it now is. Shoppers' reads
 * (hui_public.takeout_shop/menu, the quote) read the same rows: nothing is kept anywhere between a write and the next
 * read, so a change is on every shopper's next read. A dish taken off the menu, an option removed, is marked removed,
 * never deleted: its id is never another dish's (a shopper's cart holds ids), and paid orders keep what they bought in
 * their own lines (orders.detail) whatever the menu says later.
 */

type Out<T extends z.ZodTypeAny> = z.output<T>

const yuan = (cents: number) => (cents / 100).toFixed(2)
/** Today's business day, "YYYY-MM-DD" (a dish's daily stock counts on it). */
export const businessDay = () => nowText().slice(0, 10)

/** The menu as the workbench shows it (the asker's language for what the system names). */
export async function menuEditorOf(db: Q, member: Member, lang: ApiLang): Promise<MenuEditorAnswer> {
  const [shopRow, categoryRows, dishRows, cardRows, takeoutCategories] = await Promise.all([
    takeout.shopById(db, member.shopId),
    menu.categoriesOf(db, member.shopId),
    menu.editorDishesOf(db, member.shopId),
    cards.cardProducts(db),
    takeout.categories(db),
  ])
  const ids = dishRows.map((d) => Number(d.id))
  const [options, sold] = await Promise.all([menu.editorOptionsOf(db, ids), menu.soldOn(db, ids, businessDay())])
  const groups = new Map<number, EditorDish['option_groups']>()
  for (const o of options) {
    const list = groups.get(Number(o.dish_id)) ?? []
    let g = list.find((x) => x.id === Number(o.group_id))
    if (!g) {
      g = { id: Number(o.group_id), name: o.group_name, required: Number(o.required) === 1, max: Number(o.max_choices), options: [] }
      list.push(g)
    }
    if (o.option_id !== null) g.options.push({ id: Number(o.option_id), name: o.option_name ?? '', price: Number(o.price ?? 0) })
    groups.set(Number(o.dish_id), list)
  }
  const dishes: EditorDish[] = dishRows.map((d) => {
    const stock = d.daily_stock === null ? null : Number(d.daily_stock)
    return {
      id: Number(d.id),
      category_id: Number(d.category_id),
      name: d.name,
      description: d.description,
      image: d.image,
      price: Number(d.price),
      packing_fee: Number(d.packing_fee),
      daily_stock: stock,
      stock_left: stock === null ? null : Math.max(0, stock - (sold.get(Number(d.id)) ?? 0)),
      sold_out: Number(d.sold_out) === 1,
      member_prices: cardRows.map((c) => ({ level: Number(c.level), name: named(lang, c.name), rate: Number(c.member_rate), price: memberPrice(Number(d.price), Number(c.member_rate)) })),
      monthly_sales: Number(d.monthly_sales),
      option_groups: groups.get(Number(d.id)) ?? [],
    }
  })
  return {
    shop: { id: member.shopId, name: member.shopName },
    can_edit: member.role === 'owner',
    takeout: shopRow ? { category_id: Number(shopRow.category_id), settings: settingsOf(shopRow) } : null,
    takeout_categories: takeoutCategories.map((c) => ({ id: Number(c.id), name: lang === 'en' ? c.name_en : c.name })),
    categories: categoryRows.map((c) => ({ id: Number(c.id), name: c.name, dish_ids: dishes.filter((d) => d.category_id === Number(c.id)).map((d) => d.id) })),
    dishes,
  }
}

const who = (m: Member) => ({ userId: m.userId, shopId: m.shopId, role: m.role })

/** A write of the owner's, in one transaction; the menu as it then is, with the row it made or changed. */
async function write(db: Q, owner: Member, lang: ApiLang, fn: (db: Q) => Promise<number>) {
  const saved = await db.transaction('serializable', fn)
  return { ...(await menuEditorOf(db, owner, lang)), saved_id: saved }
}

// Categories -----------------------------------------------------------------------------------------------------------

export const saveCategory = (db: Q, owner: Member, lang: ApiLang, input: Out<typeof CategorySave>) =>
  write(db, owner, lang, async (db) => {
    const name = input.name.trim()
    const same = await menu.categoryNamed(db, owner.shopId, name)
    if (input.id !== undefined) {
      const row = await menu.categoryOf(db, owner.shopId, input.id)
      if (!row) throw refuse('menu_category_not_found')
      if (same && Number(same.id) !== Number(row.id)) throw refuse('menu_category_name_taken', { name })
      if (row.name === name) return Number(row.id)
      await menu.renameCategory(db, owner.shopId, Number(row.id), name)
      await recordChange(db, who(owner), 'category_renamed', name, { name: row.name }, { name })
      return Number(row.id)
    }
    if (same) throw refuse('menu_category_name_taken', { name })
    if ((await menu.categoriesOf(db, owner.shopId)).length >= MENU_LIMITS.categories) throw refuse('menu_category_limit', { max: MENU_LIMITS.categories })
    const id = await menu.insertCategory(db, owner.shopId, name)
    await recordChange(db, who(owner), 'category_added', name, null, { name })
    return id
  })

export const deleteCategory = (db: Q, owner: Member, lang: ApiLang, id: number) =>
  write(db, owner, lang, async (db) => {
    const row = await menu.categoryOf(db, owner.shopId, id)
    if (!row) throw refuse('menu_category_not_found')
    const count = await menu.dishCountIn(db, Number(row.id))
    if (count > 0) throw refuse('menu_category_not_empty', { name: row.name, count })
    await menu.deleteCategory(db, owner.shopId, Number(row.id))
    await recordChange(db, who(owner), 'category_deleted', row.name, { name: row.name }, null)
    return 0
  })

/** Swaps a row with its neighbour in the direction given: positions renumbered 0…n-1 first (seeded sorts need not be). */
async function move<T extends { id: number; sort: number }>(rows: T[], id: number, direction: MoveDirection, setSort: (id: number, sort: number) => Promise<unknown>): Promise<{ from: number; to: number } | null> {
  const at = rows.findIndex((r) => Number(r.id) === id)
  const to = direction === 'up' ? at - 1 : at + 1
  if (at < 0 || to < 0 || to >= rows.length) return null
  const order = rows.map((r) => Number(r.id))
  ;[order[at], order[to]] = [order[to], order[at]]
  for (const [i, rowId] of order.entries()) {
    const row = rows.find((r) => Number(r.id) === rowId) as T
    if (Number(row.sort) !== i) await setSort(rowId, i)
  }
  return { from: at + 1, to: to + 1 }
}

export const moveCategory = (db: Q, owner: Member, lang: ApiLang, input: Out<typeof MenuMove>) =>
  write(db, owner, lang, async (db) => {
    const rows = await menu.categoriesOf(db, owner.shopId)
    const row = rows.find((c) => Number(c.id) === input.id)
    if (!row) throw refuse('menu_category_not_found')
    const moved = await move(rows, input.id, input.direction, (id, sort) => menu.setCategorySort(db, id, sort))
    // At the top already (or the bottom): nothing moves, nothing is recorded.
    if (moved) await recordChange(db, who(owner), 'category_moved', row.name, { position: moved.from }, { position: moved.to })
    return input.id
  })

// Dishes -----------------------------------------------------------------------------------------------------------------

/** A dish's options as one line of the history: "Size*: Small, Large +3.00 | Extras ≤2: …" (* required, ≤n at most n). */
const optionsText = (groups: Array<{ name: string; required: boolean; max: number; options: Array<{ name: string; price: number }> }>) =>
  groups
    .map((g) => `${g.name}${g.required ? '*' : ''}${g.max > 1 ? ` ≤${g.max}` : ''}: ${g.options.map((o) => (o.price > 0 ? `${o.name} +${yuan(o.price)}` : o.name)).join(', ')}`)
    .join(' | ')

const dishFields = (d: { category: string; name: string; price: number; packing_fee: number; daily_stock: number | null; description: string; image: string }, groups: Parameters<typeof optionsText>[0]): Fields => ({
  category: d.category,
  name: d.name,
  price: Number(d.price),
  packing_fee: Number(d.packing_fee),
  daily_stock: d.daily_stock === null ? null : Number(d.daily_stock),
  description: d.description,
  image: d.image,
  options: optionsText(groups),
})

async function groupsOf(db: Q, dishId: number) {
  const rows = await menu.editorOptionsOf(db, [dishId])
  const out: Array<{ id: number; name: string; required: boolean; max: number; options: Array<{ id: number; name: string; price: number }> }> = []
  for (const o of rows) {
    let g = out.find((x) => x.id === Number(o.group_id))
    if (!g) out.push((g = { id: Number(o.group_id), name: o.group_name, required: Number(o.required) === 1, max: Number(o.max_choices), options: [] }))
    if (o.option_id !== null) g.options.push({ id: Number(o.option_id), name: o.option_name ?? '', price: Number(o.price ?? 0) })
  }
  return out
}

/** The dish's option groups as the owner sent them: kept ones (their id) changed in place, new ones added, the rest removed. */
async function saveOptions(db: Q, dishId: number, wanted: Out<typeof DishSave>['option_groups']): Promise<void> {
  const current = await groupsOf(db, dishId)
  const keep: number[] = []
  for (const [gi, g] of wanted.entries()) {
    const fields = { name: g.name.trim(), required: g.required, max: g.max }
    let groupId: number
    const had = g.id === undefined ? undefined : current.find((x) => x.id === g.id)
    if (g.id !== undefined && !had) throw refuse('menu_option_group_invalid')
    if (had) {
      groupId = had.id
      await menu.updateGroup(db, dishId, groupId, fields, gi)
    } else groupId = await menu.insertGroup(db, dishId, fields, gi)
    keep.push(groupId)
    const keepOptions: number[] = []
    for (const [oi, o] of g.options.entries()) {
      const option = { name: o.name.trim(), price: o.price }
      if (o.id !== undefined) {
        if (!had?.options.some((x) => x.id === o.id)) throw refuse('menu_option_invalid')
        await menu.updateOption(db, groupId, o.id, option, oi)
        keepOptions.push(o.id)
      } else keepOptions.push(await menu.insertOption(db, groupId, option, oi))
    }
    await menu.removeOptionsExcept(db, groupId, keepOptions)
  }
  await menu.removeGroupsExcept(db, dishId, keep)
}

export const saveDish = (db: Q, owner: Member, lang: ApiLang, input: Out<typeof DishSave>) =>
  write(db, owner, lang, async (db) => {
    const category = await menu.categoryOf(db, owner.shopId, input.category_id)
    if (!category) throw refuse('menu_category_not_found')
    const old = input.id === undefined ? undefined : await menu.editorDishOf(db, owner.shopId, input.id)
    if (input.id !== undefined && !old) throw refuse('menu_dish_not_found')
    const image = input.image.trim()
    // A picture is the dish's own already, or one the owner uploaded (index/uploadPic): never a made-up address or another's upload.
    if (image !== '' && image !== old?.image && !(await isUploadOf(db, owner.userId, image))) throw refuse('menu_dish_image_invalid')
    const fields: menu.DishFields = {
      category_id: Number(category.id),
      category: category.name,
      name: input.name.trim(),
      description: input.description.trim(),
      image,
      price: input.price,
      packing_fee: input.packing_fee,
      daily_stock: input.daily_stock,
    }
    const before = old ? dishFields(old, await groupsOf(db, Number(old.id))) : null
    let id: number
    if (old) {
      id = Number(old.id)
      // Moved to another category: last in it.
      const sort = Number(old.category_id) === fields.category_id ? Number(old.sort) : await menu.nextDishSort(db, fields.category_id)
      await menu.updateDish(db, owner.shopId, id, fields, sort)
    } else {
      if ((await menu.dishCountOf(db, owner.shopId)) >= MENU_LIMITS.dishes) throw refuse('menu_dish_limit', { max: MENU_LIMITS.dishes })
      id = await menu.insertDish(db, owner.shopId, fields)
    }
    await saveOptions(db, id, input.option_groups)
    const after = dishFields(fields, await groupsOf(db, id))
    if (!before) await recordChange(db, who(owner), 'dish_added', fields.name, null, after)
    else if (JSON.stringify(before) !== JSON.stringify(after)) await recordChange(db, who(owner), 'dish_changed', fields.name, before, after)
    return id
  })

export const deleteDish = (db: Q, owner: Member, lang: ApiLang, id: number) =>
  write(db, owner, lang, async (db) => {
    const old = await menu.editorDishOf(db, owner.shopId, id)
    if (!old) throw refuse('menu_dish_not_found')
    const before = dishFields(old, await groupsOf(db, id))
    await menu.removeDish(db, owner.shopId, id)
    await recordChange(db, who(owner), 'dish_deleted', old.name, before, null)
    return 0
  })

export const moveDish = (db: Q, owner: Member, lang: ApiLang, input: Out<typeof MenuMove>) =>
  write(db, owner, lang, async (db) => {
    const dish = await menu.editorDishOf(db, owner.shopId, input.id)
    if (!dish) throw refuse('menu_dish_not_found')
    const rows = await menu.dishesInCategory(db, Number(dish.category_id))
    const moved = await move(rows, input.id, input.direction, (id, sort) => menu.setDishSort(db, id, sort))
    if (moved) await recordChange(db, who(owner), 'dish_moved', dish.name, { position: moved.from }, { position: moved.to })
    return input.id
  })

/** Sold out, or back (staff may too: the takeout settings screen). */
export async function setDishSoldOut(db: Q, member: Member, dishId: number, soldOut: boolean): Promise<void> {
  await db.transaction('serializable', async (db) => {
    const dish = await takeout.dishOf(db, member.shopId, dishId)
    if (!dish || !(await takeout.setSoldOut(db, member.shopId, dishId, soldOut))) throw refuse('dish_unavailable')
    if ((Number(dish.sold_out) === 1) !== soldOut) await recordChange(db, who(member), soldOut ? 'dish_sold_out' : 'dish_back', dish.name, { sold_out: Number(dish.sold_out) === 1 }, { sold_out: soldOut })
  })
}

/** Takeout paused, or taking orders again (staff may too). */
export async function setTakeoutPaused(db: Q, member: Member, paused: boolean): Promise<void> {
  await db.transaction('serializable', async (db) => {
    const row = await takeout.shopById(db, member.shopId)
    if (!row) throw refuse('takeout_not_offered')
    await takeout.setPaused(db, member.shopId, paused)
    if ((Number(row.paused) === 1) !== paused) await recordChange(db, who(member), paused ? 'takeout_paused' : 'takeout_resumed', '', { paused: Number(row.paused) === 1 }, { paused })
  })
}

// Delivery settings -------------------------------------------------------------------------------------------------------

const minutesText = (hours: Array<{ open: string; close: string }>) => hours.map((h) => `${h.open}–${h.close}`).join(', ')
const tiersText = (tiers: Array<{ up_to_m: number; fee: number }>) => tiers.map((t) => `${(t.up_to_m / 1000).toFixed(1)} km ${yuan(t.fee)}`).join(', ')

const deliveryFields = (d: { category: string; hours: Array<{ open: string; close: string }>; radius_m: number; fee_tiers: Array<{ up_to_m: number; fee: number }>; packing_fee: number; min_order: number; prep_minutes: number; pickup: boolean }): Fields => ({
  category: d.category,
  hours: minutesText(d.hours),
  radius_m: d.radius_m,
  fee_tiers: tiersText(d.fee_tiers),
  packing_fee: d.packing_fee,
  min_order: d.min_order,
  prep_minutes: d.prep_minutes,
  pickup: d.pickup,
})

export const saveDelivery = (db: Q, owner: Member, lang: ApiLang, input: Out<typeof DeliverySave>) =>
  write(db, owner, lang, async (db) => {
    const categories = await takeout.categories(db)
    const category = categories.find((c) => Number(c.id) === input.category_id)
    if (!category) throw refuse('takeout_category_invalid')
    const nameOf = (id: number) => {
      const c = categories.find((x) => Number(x.id) === id)
      return c ? (lang === 'en' ? c.name_en : c.name) : String(id)
    }
    const row: menu.DeliveryRow = {
      category_id: input.category_id,
      hours: input.hours.map((h) => `${h.open}-${h.close}`).join(','),
      radius_m: input.radius_m,
      fee_tiers: JSON.stringify(input.fee_tiers.map((t) => [t.up_to_m, t.fee])),
      packing_fee: input.packing_fee,
      min_order: input.min_order,
      pickup: input.pickup ? 1 : 0,
      prep_minutes: input.prep_minutes,
    }
    const old = await takeout.shopById(db, owner.shopId)
    const before = old ? deliveryFields({ ...settingsOf(old), category: nameOf(Number(old.category_id)) }) : null
    if (old) await menu.updateTakeoutShop(db, owner.shopId, row)
    else await menu.insertTakeoutShop(db, owner.shopId, row)
    const after = deliveryFields({ ...input, category: nameOf(input.category_id) })
    if (JSON.stringify(before) !== JSON.stringify(after)) await recordChange(db, who(owner), 'delivery_changed', '', before, after)
    return owner.shopId
  })
