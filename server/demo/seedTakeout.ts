import type { Q } from '../storage/query'
import * as seed from '../storage/seed/demo'
import { DISH_EN, seedEnglishNames } from './seedEnglish'
import { districtCentre } from '../domain/address/districtCentres'
import * as addresses from '../storage/repo/addresses'
import { addTakeoutCategory, TAKEOUT_CATEGORIES } from '../storage/reference'

/**
 * Takeout's demo data (issue 25): five categories, seven restaurants in two cities (Shenzhen: shops 1, 2, 9, 11 of
 * the first seed and 19; Guangzhou: 17, 18) with opening hours (18 runs past midnight), delivery radius, fee tiers
 * by distance, packing fee, minimum order, pickup, preparation time, and menus: dishes with pictures, option groups
 * with prices (size, spice, sweetness, extras), two sold out. Dish and shop pictures are drawn by server/demo/assets.ts
 * from the Fluent emoji named here (/assets/img/dish-<id>.svg). Runs once (no takeout_shops yet): on a new database
 * and on one seeded before takeout existed (its dishes are replaced; orders keep what they bought in their detail).
 * Addresses saved before they had points get their district's centre.
 */

/** The categories are reference data (every database has them): server/storage/reference.ts. */
export { TAKEOUT_CATEGORIES }

type Group = readonly [name: string, required: boolean, max: number, options: ReadonlyArray<readonly [string, number]>]
/** [category, name, price, emoji, description, monthly sales, option groups, sold out] */
type SeedDish = readonly [string, string, number, string, string, number, readonly Group[], boolean?]

interface SeedShop {
  id: number
  category: number
  hours: string
  radius: number
  tiers: ReadonlyArray<readonly [number, number]>
  packing: number
  min: number
  pickup: boolean
  prep: number
  sales: number
  /** A shop this seed adds (the first seed made 1, 2, 9 and 11). */
  add?: { name: string; city_id: number; address: string; lat: number; lng: number; rating: number; discount_rate: number; emoji: string }
  menu: readonly SeedDish[]
}

const SPICE: Group = ['辣度', true, 1, [['微辣', 0], ['中辣', 0], ['特辣', 0]]]
const SWEET: Group = ['甜度', true, 1, [['正常糖', 0], ['少糖', 0], ['无糖', 0]]]

export const TAKEOUT_SHOPS: readonly SeedShop[] = [
  {
    id: 1, category: 5, hours: '10:00-14:00,16:30-22:00', radius: 5000, tiers: [[3000, 300], [5000, 500]], packing: 100, min: 2000, pickup: true, prep: 20, sales: 1260,
    menu: [
      ['招牌', '水煮鱼', 5800, 'fish', '鲜嫩草鱼片，麻辣鲜香', 420, [['规格', true, 1, [['小份', 0], ['大份', 2000]]], SPICE]],
      ['招牌', '麻婆豆腐', 1800, 'shallow-pan-of-food', '嫩豆腐配牛肉末，麻辣烫香', 380, [SPICE]],
      ['招牌', '宫保鸡丁', 2800, 'poultry-leg', '鸡腿肉丁配花生，糊辣荔枝味', 310, [SPICE]],
      ['主食', '米饭', 200, 'cooked-rice', '东北长粒香米', 980, []],
      ['主食', '担担面', 1600, 'steaming-bowl', '芽菜肉臊，红油麻酱', 260, [['加料', false, 2, [['加面', 300], ['加肉臊', 500]]]]],
      ['饮品', '酸梅汤', 600, 'cup-with-straw', '乌梅山楂熬制，冰镇', 350, []],
      ['饮品', '冰峰汽水', 500, 'tumbler-glass', '橙味汽水', 120, [], true],
    ],
  },
  {
    id: 2, category: 1, hours: '07:00-22:00', radius: 4000, tiers: [[2000, 200], [4000, 400]], packing: 100, min: 2500, pickup: true, prep: 15, sales: 2380,
    menu: [
      ['点心', '虾饺', 2200, 'dumpling', '整只鲜虾，水晶皮', 640, []],
      ['点心', '叉烧包', 1200, 'fortune-cookie', '蜜汁叉烧馅', 520, []],
      ['粥粉', '皮蛋瘦肉粥', 1500, 'bowl-with-spoon', '米粒熬开花', 480, []],
      ['粥粉', '干炒牛河', 2600, 'curry-rice', '镬气十足', 450, []],
      ['饮品', '冻柠茶', 900, 'tropical-drink', '香水柠檬手打', 700, [SWEET]],
      ['饮品', '丝袜奶茶', 1000, 'hot-beverage', '港式拉茶', 560, [['温度', true, 1, [['热', 0], ['冻', 200]]], SWEET]],
    ],
  },
  {
    id: 9, category: 5, hours: '10:30-14:00,17:00-21:30', radius: 6000, tiers: [[3000, 400], [6000, 700]], packing: 200, min: 3000, pickup: false, prep: 25, sales: 860,
    menu: [
      ['招牌', '剁椒鱼头', 6800, 'fish', '鲜剁辣椒蒸鱼头，可加面', 260, [['规格', true, 1, [['半个', 0], ['整个', 2000]]], ['加料', false, 1, [['加面', 400]]]]],
      ['小炒', '农家小炒肉', 3200, 'bacon', '五花肉与青椒猛火快炒', 330, [SPICE]],
      ['小炒', '酸辣土豆丝', 1600, 'potato', '爽脆酸辣', 280, []],
      ['主食', '米饭', 200, 'cooked-rice', '一碗', 700, []],
    ],
  },
  {
    id: 11, category: 3, hours: '11:00-23:00', radius: 5000, tiers: [[2500, 300], [5000, 600]], packing: 150, min: 2000, pickup: true, prep: 15, sales: 1540,
    menu: [
      ['拉面', '豚骨拉面', 3800, 'steaming-bowl', '熬足 12 小时的浓汤', 520, [['加料', false, 2, [['溏心蛋', 500], ['叉烧', 800]]]]],
      ['拉面', '味噌拉面', 3600, 'steaming-bowl', '北海道味噌汤底', 410, [['加料', false, 2, [['溏心蛋', 500], ['叉烧', 800]]]]],
      ['小食', '煎饺', 1800, 'dumpling', '6 只，脆底', 390, []],
      ['甜品', '抹茶冰淇淋', 1200, 'soft-ice-cream', '宇治抹茶', 150, [], true],
    ],
  },
  {
    id: 17, category: 2, hours: '06:30-21:00', radius: 3000, tiers: [[1500, 200], [3000, 400]], packing: 50, min: 1500, pickup: true, prep: 10, sales: 3120,
    add: { name: '老马家牛肉面', city_id: 2, address: '天河区天河北路 233 号', lat: 23.134, lng: 113.326, rating: 4.7, discount_rate: 92, emoji: 'steaming-bowl' },
    menu: [
      ['面', '招牌牛肉面', 1800, 'steaming-bowl', '一清二白三红四绿', 1500, [['面型', true, 1, [['细', 0], ['二细', 0], ['韭叶', 0], ['宽', 0]]], ['加料', false, 2, [['加肉', 800], ['加蛋', 300]]]]],
      ['小菜', '凉拌牛肉', 2200, 'cut-of-meat', '卤牛腱切片', 420, []],
      ['小菜', '卤蛋', 300, 'egg', '老汤卤制', 900, []],
    ],
  },
  {
    id: 18, category: 2, hours: '17:00-02:00', radius: 5000, tiers: [[3000, 500], [5000, 800]], packing: 200, min: 4000, pickup: false, prep: 30, sales: 980,
    add: { name: '潮汕砂锅粥', city_id: 2, address: '越秀区北京路 88 号', lat: 23.129, lng: 113.272, rating: 4.6, discount_rate: 90, emoji: 'pot-of-food' },
    menu: [
      ['砂锅粥', '砂锅虾蟹粥', 8800, 'shrimp', '鲜虾膏蟹现煲', 300, [['规格', true, 1, [['小锅（2 人）', 0], ['大锅（4 人）', 5000]]]]],
      ['砂锅粥', '生滚鱼片粥', 3800, 'bowl-with-spoon', '脆肉鲩鱼片', 260, []],
      ['小吃', '炒粿条', 2800, 'shallow-pan-of-food', '沙茶牛肉炒', 240, []],
      ['小吃', '卤水拼盘', 4800, 'poultry-leg', '鹅肉、豆腐、卤蛋', 180, []],
    ],
  },
  {
    id: 19, category: 4, hours: '00:00-24:00', radius: 3000, tiers: [[3000, 300]], packing: 100, min: 1500, pickup: true, prep: 8, sales: 4210,
    add: { name: '茶见奶茶', city_id: 1, address: '福田区福华三路 6 号', lat: 22.5405, lng: 114.048, rating: 4.8, discount_rate: 95, emoji: 'bubble-tea' },
    menu: [
      ['奶茶', '珍珠奶茶', 1500, 'bubble-tea', '黑糖珍珠现煮', 1800, [['杯型', true, 1, [['中杯', 0], ['大杯', 300]]], SWEET, ['冰量', true, 1, [['正常冰', 0], ['少冰', 0], ['去冰', 0]]], ['加料', false, 3, [['珍珠', 200], ['椰果', 200], ['芋圆', 300]]]]],
      ['果茶', '杨枝甘露', 1800, 'mango', '芒果西柚椰浆', 1200, [['杯型', true, 1, [['中杯', 0], ['大杯', 300]]]]],
      ['果茶', '柠檬茶', 1200, 'tropical-drink', '手打香水柠檬', 900, [SWEET]],
      ['甜品', '芒果班戟', 1600, 'pancakes', '2 只装', 400, []],
    ],
  },
]

const img = (name: string) => `/assets/img/${name}.svg`

/** Every dish's id and picture emoji, in seeding order (server/demo/assets.ts draws dish-<id>). */
export const TAKEOUT_DISH_EMOJI: ReadonlyArray<readonly [number, string]> = TAKEOUT_SHOPS.flatMap((s) => s.menu).map((d, i) => [i + 1, d[3]] as const)

export async function seedTakeout(q: Q): Promise<void> {
  if ((await seed.countRows(q, 'takeout_shops')) === 0) await seedMenus(q)
  for (const a of await addresses.addressesWithoutPoint(q)) await addresses.setAddressPoint(q, a.user_id, a.id, districtCentre(a.province, a.city, a.district), 'district')
}

async function seedMenus(q: Q): Promise<void> {
  for (const [i, [id, zh, en]] of TAKEOUT_CATEGORIES.entries()) await addTakeoutCategory(q, id, zh, en, i, 'replace')
  await seed.clearMenus(q)
  let dishId = 0
  let groupId = 0
  let optionId = 0
  // Every shop's dishes, option groups and options, written once the shops are: three statements.
  const dishes: Parameters<typeof seed.insertMenuDishes>[1][number][] = []
  const groupRows: Parameters<typeof seed.insertOptionGroups>[1][number][] = []
  const optionRows: Parameters<typeof seed.insertOptions>[1][number][] = []
  for (const s of TAKEOUT_SHOPS) {
    // A database seeded with other demo data (a test's) may lack the shop, its city or the food class: skipped.
    if (s.add && (await seed.hasId(q, 'cities', s.add.city_id)) && (await seed.hasId(q, 'business_classes', 1))) {
      const phone = s.add.city_id === 2 ? `020-8666${String(1000 + s.id).slice(1)}` : `0755-8888${String(1000 + s.id).slice(1)}`
      const wide = s.hours.split(',')[0]
      const { name, city_id, address, lat, lng, rating, discount_rate } = s.add
      await seed.insertShop(
        q,
        { id: s.id, name, class_id: 1, city_id, address, lat, lng, phone, hours: wide, rating, discount_rate, image: img(`shop-${s.id}`), intro: `${name}，一卡通会员外卖享会员价。`, is_oil: 0, delivery_fee: 0, packing_fee: 0, min_order: 0 },
        true,
      )
    }
    if (!(await seed.hasId(q, 'shops', s.id))) {
      dishId += s.menu.length
      continue
    }
    // The shop's own delivery numbers live in takeout_shops from now on (shops' old columns follow them).
    await seed.setShopDelivery(q, s.id, s.tiers[0][1], s.packing, s.min)
    await seed.insertTakeoutShop(q, {
      shop_id: s.id,
      category_id: s.category,
      hours: s.hours,
      radius_m: s.radius,
      fee_tiers: JSON.stringify(s.tiers),
      packing_fee: s.packing,
      min_order: s.min,
      pickup: s.pickup ? 1 : 0,
      prep_minutes: s.prep,
      monthly_sales: s.sales,
    })
    for (const [i, [category, name, price, , description, sales, groups, soldOut]] of s.menu.entries()) {
      dishId++
      dishes.push({ id: dishId, shop_id: s.id, category, name, price, description, image: img(`dish-${dishId}`), sold_out: soldOut ? 1 : 0, sort: i, monthly_sales: sales })
      for (const [g, [gName, required, max, options]] of groups.entries()) {
        groupId++
        groupRows.push({ id: groupId, dish_id: dishId, name: gName, required: required ? 1 : 0, max_choices: max, sort: g })
        for (const [sort, [oName, oPrice]] of options.entries()) optionRows.push({ id: ++optionId, group_id: groupId, name: oName, price: oPrice, sort })
      }
    }
  }
  await seed.insertMenuDishes(q, dishes)
  await seed.insertOptionGroups(q, groupRows)
  await seed.insertOptions(q, optionRows)
  await seedEnglishNames(q, 'dishes', DISH_EN)
  await seed.categoriseDishes(q)
}
