import type { Q } from '../storage/query'
import * as seed from '../storage/seed/demo'
import { seeding } from '../storage/seed/run'
import { seedOperators } from './seedOperators'
import { OIL_GRADES } from '../../src/contract/fuelEndpoints'
import { fmt, inBusinessZone, nowMs } from '../time'
import { seedMall } from './seedMall'
import { seedTakeout } from './seedTakeout'
import { seedJobs } from './seedJobs'
import { seedDiscountDays } from '../domain/discountDay/discountDay'
import { seedReferralContest } from './seedReferral'
import { seedReferenceData } from '../storage/reference'

/** A picture the server draws (server/demo/assets.ts): names, not text, go in the URL. */
const img = (name: string) => `/assets/img/${name}.svg`

/**
 * Demo data so every screen has something real to show (the sandbox, or DEMO_DATA=1: server/http/config.ts). Runs once, on a
 * database without shops, and tops up what later issues added to a demo database seeded before them. Never on a database
 * with real shops (docs/going-live.md): the demo's shops and products take fixed ids. The reference data (cities, classes,
 * categories) is not the demo's: server/storage/reference.ts, in every database.
 *
 * Written through the storage layer's Q (issue 41; the statements: server/storage/seed/demo.ts), the same code on SQLite and
 * PostgreSQL, in one transaction only one seeder holds at a time (server/storage/seed/run.ts): several processes starting
 * at once on one database seed it once; each part looks at what is there inside that transaction.
 */
export async function seedDemoData(q: Q): Promise<void> {
  await seedReferenceData(q)
  await seeding(q, async (t) => {
    await seedShopsAndGoods(t)
    await seedFuel(t)
    // Before the staff: the restaurants takeout adds get their staff accounts too.
    await seedTakeout(t)
    await seedStaff(t)
    await seedFlashProducts(t)
    await seedMall(t)
    // Discount days relative to the business day of seeding (issue 26).
    await seedDiscountDays(t)
    // The referral contest relative to the business day of seeding (issue 26).
    await seedReferralContest(t)
    // Job postings relative to the moment of seeding (issue 26).
    await seedJobs(t)
    // The console's demo operators, one per role (issue 45; docs/sandbox.md).
    await seedOperators(t)
    // ——— h45-home ———
    // Home's three banners, as rows the console edits (issue 45); a production start has none.
    await seedHomeBanners(t)
  })
}

// ——— h45-home ———
/** Home's demo banners: [id, picture, Chinese title, English title, page]. */
export const DEMO_HOME_BANNERS = [
  [1, '/assets/img/banner-1.svg', '开通会员 买单享折扣', 'Join and save on every bill', '/pages/card/index'],
  [2, '/assets/img/banner-2.svg', '限时秒杀 每日三场', 'Flash sales, three a day', '/pages/seckill/index'],
  [3, '/assets/img/banner-3.svg', '好店加油 每升立减', 'Fuel for less, every litre', '/pages/payBill/oil'],
] as const

/** Added by id when missing (a database seeded before the banners were rows gets them); an operator's edit stays. */
async function seedHomeBanners(q: Q): Promise<void> {
  if ((await seed.countIds(q, 'home_banners', DEMO_HOME_BANNERS.map(([id]) => id))) === DEMO_HOME_BANNERS.length) return
  const at = nowMs()
  for (const [i, [id, image, title, titleEn, path]] of DEMO_HOME_BANNERS.entries()) await seed.addHomeBanner(q, { id, image, title, title_en: titleEn, path, position: i, at })
}

/** Flash-sale products are collected at this store (its staff redeem their codes). */
export const PICKUP_SHOP_ID = 8

/** The demo staff account of a demo shop: 199 0000 00NN, NN the shop id (README, docs/api.md). */
export const staffPhone = (shopId: number) => `199000000${String(shopId).padStart(2, '0')}`

/**
 * One staff account per demo shop, logging in with the same SMS flow as a shopper. Added to a database
 * seeded before the store's side existed too; nothing is added twice (phone and user_id are unique).
 */
async function seedStaff(q: Q): Promise<void> {
  const now = fmt(nowMs())
  const shops = await seed.shopIds(q)
  const staff = await seed.staffPhonesAmong(q, shops.map(staffPhone))
  const missing = shops.filter((shopId) => !staff.has(staffPhone(shopId)))
  if (!missing.length) return
  // The accounts missing first, in the shops' order (their ids in that order), then every missing staff row at once.
  const known = await seed.userIdsByPhone(q, missing.map(staffPhone))
  const phones = missing.map(staffPhone).filter((phone) => !known.has(phone))
  await seed.insertUsers(q, phones.map((phone) => ({ phone, nickname: `会员${phone.slice(-4)}`, avatar: img(`avatar-${phone.slice(-4)}`), created_at: now })))
  const ids = phones.length ? await seed.userIdsByPhone(q, missing.map(staffPhone)) : known
  await seed.addStoreStaffRows(q, missing.map((shopId) => ({ user_id: ids.get(staffPhone(shopId)) as number, shop_id: shopId, created_at: now })))
}

/** A flash-sale product's rules as its merchant writes them (the app shows its own, in the shopper's language). */
const flashRules = (limit: number) => `每人限购 ${limit} 件；秒杀商品不支持使用优惠券；付款后凭核销码到门店自提。`

/**
 * More flash-sale products, so that every daily session shows a full row (sessions 1–3 today, 4 tomorrow).
 * `stock` below `total_stock`: part of the run sold before this demo started (the progress bars). Added to a
 * database seeded before them too; nothing is added twice.
 */
const MORE_FLASH_PRODUCTS = [
  [7, 1, '三只松鼠坚果礼盒 1.5kg', 6900, 15900, 18, 30, 2],
  [8, 1, '蒙牛纯牛奶 250ml×24', 3990, 6990, 26, 40, 2],
  [9, 1, '桃李全麦面包 6 袋', 1290, 2990, 12, 30, 3],
  [10, 2, '智利车厘子 JJ 级 1kg', 5990, 12900, 8, 30, 1],
  [11, 2, '云南小粒挂耳咖啡 30 包', 2990, 7900, 33, 50, 2],
  [12, 2, '维达抽纸 24 包整箱', 3290, 5990, 0, 40, 2],
  [13, 3, '膳魔师不锈钢保温壶 1L', 8900, 25900, 9, 20, 1],
  [14, 3, '美的智能电饭煲 3L', 12900, 32900, 6, 15, 1],
  [15, 3, '丹东红颜草莓 2 斤', 3990, 8900, 21, 40, 2],
  [16, 4, '海南金钻凤梨 5 斤', 3590, 6990, 30, 30, 2],
  [17, 4, '儿童绘本套装 10 册', 4990, 12800, 25, 25, 1],
  [18, 4, '轻量运动双肩包', 7900, 19900, 20, 20, 1],
] as const

async function seedFlashProducts(q: Q): Promise<void> {
  if ((await seed.countIds(q, 'seckill_sessions', [1, 2, 3, 4])) < 4) return
  const texts = ['到店自提很方便，核销码一扫就好', '比超市便宜一大截，手快才抢到', '东西是正品，包装完好', '第二次抢了，家里人都说好']
  for (const [id, sid, name, price, original, stock, total, limit] of MORE_FLASH_PRODUCTS) {
    if (await seed.hasId(q, 'seckill_products', id)) continue
    const product = { id, session_id: sid, name, image: img(`product-${id}`), price, original_price: original, stock, total_stock: total, limit_per_user: limit, rules: flashRules(limit), pickup_shop_id: PICKUP_SHOP_ID }
    await seed.insertSeckillProduct(q, product, true)
    await seed.insertComments(
      q,
      [0, 1].map((k) => {
        const n = id * 2 + k
        return { shop_id: null, product_id: id, nickname: `会员${3000 + n}`, avatar: img(`avatar-${200 + n}`), rating: 4 + ((id + k) % 2), content: texts[n % texts.length], created_at: fmt(inBusinessZone().subtract(n * 5, 'hour')) }
      }),
    )
  }
}

async function seedShopsAndGoods(q: Q): Promise<void> {
  // The first demo seed of this database: no shop yet (the reference data — cities, classes — is there already).
  if ((await seed.countRows(q, 'shops')) > 0) return
  // The cities and business classes are reference data, in every database (server/storage/reference.ts).
  const shops = [
    { id: 1, name: '川味小馆', class_id: 1, address: '南山区科技园南区 8 号', rating: 4.7, discount_rate: 88, delivery_fee: 300, packing_fee: 100, min_order: 2000 },
    { id: 2, name: '粤式茶餐厅', class_id: 1, address: '福田区华强北路 12 号', rating: 4.5, discount_rate: 90, delivery_fee: 400, packing_fee: 100, min_order: 2500 },
    { id: 3, name: '悦容美发', class_id: 2, address: '南山区海岸城 3 楼', rating: 4.8, discount_rate: 80 },
    { id: 4, name: '星光影城', class_id: 3, address: '宝安区壹方城 5 楼', rating: 4.6, discount_rate: 85 },
    { id: 5, name: '洁净洗衣', class_id: 4, address: '罗湖区东门步行街 20 号', rating: 4.4, discount_rate: 92 },
    { id: 6, name: '中石化科苑站', class_id: 5, address: '南山区科苑大道 100 号', rating: 4.5, discount_rate: 95, is_oil: 1 },
    { id: 7, name: '中石油深南站', class_id: 5, address: '福田区深南大道 2000 号', rating: 4.3, discount_rate: 96, is_oil: 1 },
    { id: 8, name: '好邻居便利', class_id: 6, address: '南山区后海大道 66 号', rating: 4.2, discount_rate: 95 },
    { id: 9, name: '湘里人家', class_id: 1, address: '龙华区民治大道 18 号', rating: 4.6, discount_rate: 85, delivery_fee: 500, packing_fee: 200, min_order: 3000 },
    { id: 10, name: '瑜伽生活馆', class_id: 3, address: '福田区车公庙 7 号', rating: 4.9, discount_rate: 78 },
    { id: 11, name: '日式拉面屋', class_id: 1, address: '南山区蛇口花园城 2 楼', rating: 4.4, discount_rate: 90, delivery_fee: 300, packing_fee: 150, min_order: 2000 },
    { id: 12, name: '广州天河加油站', class_id: 5, address: '天河区天河路 300 号', rating: 4.1, discount_rate: 96, is_oil: 1, city_id: 2 },
  ]
  for (const [i, s] of shops.entries()) {
    await seed.insertShop(
      q,
      {
        city_id: 1,
        lat: 22.54 + i * 0.004,
        lng: 113.94 + i * 0.005,
        phone: `0755-8888${String(1000 + s.id).slice(1)}`,
        hours: '09:00-22:00',
        image: img(`shop-${s.id}`),
        intro: `${s.name}，一卡通会员专享折扣。`,
        is_oil: 0,
        delivery_fee: 0,
        packing_fee: 0,
        min_order: 0,
        ...s,
      },
      false,
    )
  }

  // Fuel stations' brands, pumps, grades and prices: seedFuel.

  let dishId = 1
  for (const [shopId, menu] of [
    [1, [['招牌', '水煮鱼', 5800], ['招牌', '麻婆豆腐', 1800], ['主食', '米饭', 200], ['饮品', '酸梅汤', 600]]],
    [2, [['点心', '虾饺', 2200], ['点心', '叉烧包', 1200], ['粥粉', '皮蛋瘦肉粥', 1500], ['饮品', '冻柠茶', 900]]],
    [9, [['招牌', '剁椒鱼头', 6800], ['小炒', '农家小炒肉', 3200], ['主食', '米饭', 200]]],
    [11, [['拉面', '豚骨拉面', 3800], ['拉面', '味噌拉面', 3600], ['小食', '煎饺', 1800]]],
  ] as const) {
    for (const [category, name, price] of menu) await seed.insertPlainDish(q, dishId++, shopId, category, name, price)
  }

  await seed.insertCardProduct(q, 1, '银卡', 1, 9900, 365, 98, JSON.stringify(['合作商户买单额外 98 折', '每月 1 张 5 元代金券', '优惠日专享折扣']))
  await seed.insertCardProduct(q, 2, '金卡', 2, 19900, 365, 95, JSON.stringify(['合作商户买单额外 95 折', '每月 2 张 10 元代金券', '秒杀提前 5 分钟', '加油每升立减']))
  await seed.insertCardProduct(q, 3, '钻石卡', 3, 39900, 365, 92, JSON.stringify(['合作商户买单额外 92 折', '每月 4 张 20 元代金券', '专属客服', '生日礼包']))

  await seed.insertCoupon(q, 1, '买单立减 5 元', 500, 5000, null, 'bill', 30)
  await seed.insertCoupon(q, 2, '川味小馆 10 元券', 1000, 8000, 1, 'bill', 30)
  await seed.insertCoupon(q, 3, '开卡立减 10 元', 1000, 9900, null, 'card', 30)
  await seed.insertCoupon(q, 4, '商城满 50 减 8', 800, 5000, null, 'product', 30)

  // Every day, around the clock, so that something is always on, something upcoming and something
  // ended (minutes after the business day's midnight; the last one is tomorrow's).
  const sessions = [
    [1, 0, 8 * 60],
    [2, 8 * 60, 16 * 60],
    [3, 16 * 60, 24 * 60],
    [4, 34 * 60, 46 * 60],
  ] as const
  const hhmm = (minute: number) => `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
  for (const [id, start, end] of sessions) await seed.insertSeckillSession(q, id, `${hhmm(start)} 场`, start, end)

  const products = [
    [1, 1, '九阳豆浆机', 9900, 29900, 20, 2],
    [2, 2, '农夫山泉 24 瓶', 1990, 4500, 50, 2],
    [3, 2, '洗衣凝珠 3 盒', 3900, 8900, 30, 1],
    [4, 3, '蓝牙耳机', 5900, 19900, 20, 1],
    [5, 3, '有机大米 5kg', 2990, 6990, 40, 3],
    [6, 4, '电动牙刷', 7900, 24900, 25, 1],
  ] as const
  for (const [id, sid, name, price, original, stock, limit] of products) {
    const product = { id, session_id: sid, name, image: img(`product-${id}`), price, original_price: original, stock, total_stock: stock, limit_per_user: limit, rules: flashRules(limit), pickup_shop_id: PICKUP_SHOP_ID }
    await seed.insertSeckillProduct(q, product, false)
  }

  const texts = ['味道很好，会员折扣很给力', '服务热情，环境干净', '性价比高，下次还来', '排队有点久，但值得', '用一卡通买单很方便']
  const comments: seed.DemoComment[] = []
  let n = 0
  for (const s of shops) {
    for (let i = 0; i < 14; i++) {
      n++
      comments.push({ shop_id: s.id, product_id: null, nickname: `会员${String(1000 + n)}`, avatar: img(`avatar-${n}`), rating: 3 + (n % 3), content: texts[n % texts.length], created_at: fmt(inBusinessZone().subtract(n, 'hour')) })
    }
  }
  for (const [id] of products) {
    comments.push({ shop_id: null, product_id: id, nickname: `会员${2000 + id}`, avatar: img(`avatar-${100 + id}`), rating: 5, content: '抢到了，物流很快', created_at: fmt(inBusinessZone().subtract(id, 'day')) })
  }
  await seed.insertComments(q, comments)

  for (const s of shops) await seed.insertQrNumber(q, `SHOP-${String(s.id).padStart(4, '0')}`, `/pages/payBill/index?shop_id=${s.id}`)
  await seed.insertQrNumber(q, 'CARD', '/pages/card/index')
  await seed.insertQrNumber(q, 'SECKILL', '/pages/seckill/index')
}

/**
 * The demo stations (issue 13): the three fuel shops of the first seed with real coordinates, brands and pumps,
 * and four more in Shenzhen and Guangzhou (one without 98#). Prices apply from long ago; station 6's 92# has a
 * history (a change a week ago) and a change scheduled in three days. Runs once: on a new database, and on one
 * seeded before fuel existed (its old prices were carried over by the migration and are kept).
 */
export const FUEL_STATIONS = [
  { id: 6, brand: '中国石化', lat: 22.5445, lng: 113.9471, pumps: 8, grades: OIL_GRADES },
  { id: 7, brand: '中国石油', lat: 22.5406, lng: 114.0246, pumps: 6, grades: OIL_GRADES },
  { id: 12, brand: '中国石化', lat: 23.1371, lng: 113.3296, pumps: 10, grades: OIL_GRADES },
  { id: 13, name: '壳牌前海站', brand: '壳牌', city_id: 1, address: '南山区前海路 88 号', lat: 22.5262, lng: 113.9009, discount_rate: 97, hours: '06:00-23:00', pumps: 4, grades: ['92#', '95#', '0#'] },
  { id: 14, name: '中石油西乡站', brand: '中国石油', city_id: 1, address: '宝安区西乡大道 168 号', lat: 22.5786, lng: 113.8695, discount_rate: 95, hours: '00:00-24:00', pumps: 6, grades: OIL_GRADES },
  { id: 15, name: '中石化珠江新城站', brand: '中国石化', city_id: 2, address: '天河区华夏路 20 号', lat: 23.1203, lng: 113.3245, discount_rate: 96, hours: '00:00-24:00', pumps: 8, grades: OIL_GRADES },
  { id: 16, name: '壳牌白云站', brand: '壳牌', city_id: 2, address: '白云区机场路 500 号', lat: 23.1812, lng: 113.2695, discount_rate: 97, hours: '06:00-23:00', pumps: 4, grades: OIL_GRADES },
] as const

/** List prices per litre (cents) a station starts with: a few cents apart between stations. */
const BASE_PRICE: Record<string, number> = { '92#': 768, '95#': 818, '98#': 918, '0#': 742 }
export const LONG_AGO = '2000-01-01'

async function seedFuel(q: Q): Promise<void> {
  if ((await seed.countRows(q, 'oil_pumps')) > 0) return
  const day = (days: number) => inBusinessZone().add(days, 'day').format('YYYY-MM-DD')
  for (const st of FUEL_STATIONS) {
    if ('name' in st) {
      await seed.insertShop(
        q,
        {
          id: st.id,
          name: st.name,
          class_id: 5,
          city_id: st.city_id,
          address: st.address,
          lat: st.lat,
          lng: st.lng,
          phone: `0755-8888${String(1000 + st.id).slice(1)}`,
          hours: st.hours,
          rating: 4.3,
          discount_rate: st.discount_rate,
          image: img('class-5'),
          intro: `${st.name}，一卡通会员加油每升立减。`,
          is_oil: 1,
          delivery_fee: 0,
          packing_fee: 0,
          min_order: 0,
        },
        true,
      )
    } else {
      await seed.setShopPlace(q, st.id, st.lat, st.lng, '00:00-24:00')
    }
    await seed.putOilStation(q, st.id, st.brand)
    await seed.addOilPumps(q, st.id, st.pumps)
    await seed.addOilGrades(q, st.id, st.grades.map((grade) => ({ grade, price: BASE_PRICE[grade] + (st.id % 7) })), LONG_AGO)
  }
  // Station 6, 92#: lowered a week ago, and a rise already announced for three days from now.
  await seed.addOilPrices(q, 6, [
    { grade: '92#', price: 759, effectiveFrom: day(-7) },
    { grade: '92#', price: 782, effectiveFrom: day(3) },
  ])
}
