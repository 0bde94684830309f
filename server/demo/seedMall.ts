import { MALL_PRODUCT_EN, seedEnglishNames } from './seedEnglish'
import type { Q } from '../storage/query'
import * as seed from '../storage/seed/demo'
import { addMallCategory, MALL_CATEGORIES } from '../storage/reference'

/**
 * The micro mall's demo catalogue (issue 14): six categories, products in each (several with more than one spec,
 * some specs sold out), one special and a gallery. Product names and texts are the merchants' (Chinese, as written);
 * category names and the special's title are the system's (server/domain/names.ts has their English). Pictures are drawn
 * by server/demo/assets.ts from the emoji named here: /assets/img/mall-<id>[-2|-3].svg.
 */

/** The categories are reference data (every database has them): server/storage/reference.ts. */
export { MALL_CATEGORIES }

export interface MallSeedProduct {
  id: number
  category: number
  /** The store that sells and ships it (its staff ship the orders). */
  shop: number
  name: string
  subtitle: string
  /** Fluent Emoji Flat names: the picture, what goes with it. */
  emoji: readonly [string, string]
  list: number
  limit: number
  pickup: boolean
  fee: number
  description: readonly string[]
  /** [name, price, member price, stock, total stock] — spec ids are product id × 10 + 1, 2, 3. */
  specs: ReadonlyArray<readonly [string, number, number, number, number]>
}

const SHIPS_IN = '下单后 48 小时内发货，顺丰 / 中通配送，一般 2–3 天送达。'
const MEMBER = '持一卡通会员卡下单享会员价，付款时自动计算。'

export const MALL_PRODUCTS: readonly MallSeedProduct[] = [
  { id: 1, category: 1, shop: 8, name: '赣南脐橙', subtitle: '果园直发 酸甜多汁', emoji: ['tangerine', 'leafy-green'], list: 8990, limit: 5, pickup: true, fee: 0, description: ['江西赣州原产地直发，树上自然成熟后采摘，果肉细嫩、汁水充足。', SHIPS_IN, '好邻居便利门店可自提。'], specs: [['5 斤装', 3990, 3590, 120, 160], ['10 斤礼盒', 6990, 6290, 60, 80]] },
  { id: 2, category: 1, shop: 8, name: '智利冰鲜三文鱼', subtitle: '冰鲜空运 刺身级', emoji: ['fish', 'ice'], list: 12800, limit: 3, pickup: false, fee: 1000, description: ['智利空运冰鲜三文鱼中段，全程冷链，到手即可刺身。', '冷链配送，运费 ¥10。', MEMBER], specs: [['300 g', 5990, 5490, 40, 50], ['500 g', 8990, 8290, 0, 30]] },
  { id: 3, category: 1, shop: 8, name: '阿克苏冰糖心苹果', subtitle: '脆甜多汁 产地直采', emoji: ['red-apple', 'green-apple'], list: 6900, limit: 5, pickup: true, fee: 0, description: ['新疆阿克苏果园直采，果核处有天然糖心。', SHIPS_IN], specs: [['5 斤装', 2990, 2690, 80, 100], ['10 斤装', 5290, 4790, 30, 40]] },
  { id: 4, category: 1, shop: 8, name: '海南金煌芒果', subtitle: '大果 香甜少纤维', emoji: ['mango', 'palm-tree'], list: 5990, limit: 5, pickup: false, fee: 0, description: ['海南三亚金煌芒，单果 400 g 以上。', SHIPS_IN], specs: [['3 斤装', 3590, 3290, 50, 60]] },
  { id: 5, category: 2, shop: 8, name: '每日坚果 30 包', subtitle: '七种坚果果干 一天一包', emoji: ['peanuts', 'chestnut'], list: 15900, limit: 5, pickup: true, fee: 0, description: ['核桃、巴旦木、腰果、榛子等七种搭配，独立小包装。', SHIPS_IN, MEMBER], specs: [['原味 30 包', 8990, 7990, 100, 120], ['混合 30 包', 9590, 8590, 60, 80]] },
  { id: 6, category: 2, shop: 8, name: '比利时黑巧克力礼盒', subtitle: '72% 可可 送礼体面', emoji: ['chocolate-bar', 'wrapped-gift'], list: 12800, limit: 3, pickup: true, fee: 0, description: ['比利时进口黑巧克力，可可含量 72%。', SHIPS_IN], specs: [['12 粒装', 4990, 4490, 70, 80], ['24 粒装', 8990, 7990, 20, 30]] },
  { id: 7, category: 2, shop: 8, name: '黄油手工曲奇', subtitle: '新西兰黄油 酥香不腻', emoji: ['cookie', 'glass-of-milk'], list: 6900, limit: 5, pickup: true, fee: 0, description: ['每日现烤，不添加反式脂肪。', SHIPS_IN], specs: [['原味 500 g', 3990, 3590, 90, 100], ['抹茶 500 g', 4290, 3890, 40, 50]] },
  { id: 8, category: 2, shop: 8, name: '草莓味软糖', subtitle: '果汁添加 Q 弹', emoji: ['candy', 'strawberry'], list: 2990, limit: 10, pickup: true, fee: 0, description: ['真实果汁添加，独立小包装。', SHIPS_IN], specs: [['1 罐 400 g', 1990, 1790, 200, 220]] },
  { id: 9, category: 3, shop: 5, name: '竹浆本色抽纸', subtitle: '24 包整箱 柔韧不掉屑', emoji: ['roll-of-paper', 'package'], list: 6990, limit: 5, pickup: true, fee: 0, description: ['100% 竹浆，不添加荧光剂。', SHIPS_IN], specs: [['24 包整箱', 4590, 3990, 150, 200]] },
  { id: 10, category: 3, shop: 5, name: '洗衣凝珠', subtitle: '除菌除螨 留香持久', emoji: ['soap', 'bubbles'], list: 9900, limit: 5, pickup: true, fee: 0, description: ['一颗即可洗净一桶衣物，冷水速溶。', SHIPS_IN], specs: [['52 颗', 4990, 4290, 80, 100], ['104 颗', 8990, 7790, 40, 50]] },
  { id: 11, category: 3, shop: 5, name: '厨房百洁海绵', subtitle: '10 片装 不伤锅', emoji: ['sponge', 'bucket'], list: 2590, limit: 10, pickup: true, fee: 0, description: ['双面设计，海绵面洗碗、百洁面去油污。', SHIPS_IN], specs: [['10 片装', 1290, 1090, 300, 300]] },
  { id: 12, category: 3, shop: 5, name: '香薰蜡烛', subtitle: '植物大豆蜡 40 小时', emoji: ['candle', 'herb'], list: 12800, limit: 3, pickup: false, fee: 0, description: ['天然大豆蜡与精油调香，燃烧约 40 小时。', SHIPS_IN], specs: [['雪松 200 g', 6900, 5900, 30, 40], ['玫瑰 200 g', 6900, 5900, 0, 40]] },
  { id: 13, category: 4, shop: 8, name: '主动降噪蓝牙耳机', subtitle: '40 dB 降噪 续航 30 小时', emoji: ['headphone', 'musical-notes'], list: 49900, limit: 2, pickup: true, fee: 0, description: ['混合主动降噪，通透模式一键切换。', '整机保修一年，七天无理由退货。', SHIPS_IN], specs: [['曜石黑', 29900, 26900, 20, 30], ['云母白', 29900, 26900, 12, 20]] },
  { id: 14, category: 4, shop: 8, name: '20000 mAh 快充充电宝', subtitle: '22.5 W 快充 可上飞机', emoji: ['battery', 'electric-plug'], list: 19900, limit: 2, pickup: true, fee: 0, description: ['双向快充，三台设备同时充。', SHIPS_IN], specs: [['白色', 12900, 11500, 60, 80]] },
  { id: 15, category: 4, shop: 8, name: '智能运动手表', subtitle: '心率血氧 14 天续航', emoji: ['watch', 'person-running'], list: 89900, limit: 1, pickup: false, fee: 0, description: ['100 多种运动模式，5 ATM 防水。', '整机保修一年。', SHIPS_IN], specs: [['42 mm', 59900, 54900, 10, 15], ['46 mm', 64900, 59900, 8, 10]] },
  { id: 16, category: 4, shop: 8, name: '静音无线鼠标', subtitle: '轻点无声 一节电池用一年', emoji: ['computer-mouse', 'laptop'], list: 12900, limit: 3, pickup: true, fee: 0, description: ['2.4 G 无线连接，即插即用。', SHIPS_IN], specs: [['深空灰', 7900, 6900, 70, 80]] },
  { id: 17, category: 5, shop: 3, name: '玻尿酸保湿面霜', subtitle: '补水锁水 敏感肌可用', emoji: ['lotion-bottle', 'droplet'], list: 25900, limit: 3, pickup: true, fee: 0, description: ['三重玻尿酸，质地轻薄不黏腻。', '悦容美发门店可自提。', SHIPS_IN], specs: [['50 g', 15900, 13900, 40, 50]] },
  { id: 18, category: 5, shop: 3, name: '丝绒哑光口红', subtitle: '显白不拔干', emoji: ['lipstick', 'sparkles'], list: 19900, limit: 3, pickup: true, fee: 0, description: ['丝绒质地，一抹上色。', SHIPS_IN], specs: [['#01 正红', 12900, 11500, 50, 60], ['#02 豆沙', 12900, 11500, 35, 40]] },
  { id: 19, category: 5, shop: 3, name: '声波电动牙刷', subtitle: '5 种模式 续航 60 天', emoji: ['toothbrush', 'sparkles'], list: 29900, limit: 2, pickup: false, fee: 0, description: ['每分钟 31000 次声波振动，2 分钟智能计时。', SHIPS_IN], specs: [['珍珠白', 19900, 17900, 30, 40]] },
  { id: 20, category: 6, shop: 8, name: '宽口径婴儿奶瓶', subtitle: 'PPSU 材质 防胀气', emoji: ['baby-bottle', 'baby'], list: 12800, limit: 3, pickup: true, fee: 0, description: ['耐高温 PPSU，可蒸汽消毒。', SHIPS_IN], specs: [['240 ml', 8900, 7900, 40, 50]] },
  { id: 21, category: 6, shop: 8, name: '毛绒泰迪熊', subtitle: '亲肤面料 可机洗', emoji: ['teddy-bear', 'wrapped-gift'], list: 15900, limit: 3, pickup: true, fee: 0, description: ['A 类婴幼儿标准面料，缝线牢固。', SHIPS_IN], specs: [['30 cm', 6900, 5900, 50, 60], ['60 cm', 12900, 10900, 20, 30]] },
  { id: 22, category: 6, shop: 8, name: '儿童益智拼图', subtitle: '100 片 环保纸板', emoji: ['puzzle-piece', 'crayon'], list: 6900, limit: 5, pickup: true, fee: 0, description: ['圆角设计不伤手，适合 4 岁以上。', SHIPS_IN], specs: [['100 片', 3990, 3490, 60, 80]] },
]

export const specId = (productId: number, index: number) => productId * 10 + index + 1

/** [id, title, subtitle, banner artwork, product ids] */
export const MALL_SPECIALS = [[1, '年货节', '年味好物 会员再省', 'mall-special-1', [1, 5, 6, 9, 13, 21]]] as const

/** [id, artwork, title, subtitle, link type, link id] */
export const MALL_SLIDES = [
  [1, 'mall-slide-1', '年货节', '年味好物 会员再省', 'special', 1],
  [2, 'mall-slide-2', '降噪耳机 会员专享', '会员价 ¥269', 'product', 13],
  [3, 'mall-slide-3', '脐橙上新', '果园直发 5 斤 ¥35.9 起', 'product', 1],
  [4, 'mall-slide-4', '新年礼物', '送给孩子的新年礼物', 'product', 21],
] as const

const img = (name: string) => `/assets/img/${name}.svg`

/** Added once (to a database seeded before the mall existed too, when it has the demo stores); nothing is added twice. */
export async function seedMall(q: Q): Promise<void> {
  if ((await seed.countRows(q, 'mall_products')) > 0) return
  const stores = new Set(await seed.shopIds(q))
  if (!MALL_PRODUCTS.every((p) => stores.has(p.shop))) return
  // The categories are there already in a database of this version (reference data); an older one gets them here.
  for (const [i, [id, name]] of MALL_CATEGORIES.entries()) await addMallCategory(q, id, name, i)
  await seed.insertMallProducts(
    q,
    MALL_PRODUCTS.map((p) => {
      const pictures = [img(`mall-${p.id}`), img(`mall-${p.id}-2`), img(`mall-${p.id}-3`)]
      return {
        id: p.id,
        category_id: p.category,
        shop_id: p.shop,
        name: p.name,
        subtitle: p.subtitle,
        image: pictures[0],
        images: JSON.stringify(pictures),
        description: JSON.stringify(p.description),
        list_price: p.list,
        limit_per_order: p.limit,
        pickup: p.pickup ? 1 : 0,
        shipping_fee: p.fee,
        sort: p.id,
      }
    }),
  )
  await seed.insertMallSpecs(
    q,
    MALL_PRODUCTS.flatMap((p) => p.specs.map(([name, price, member, stock, total], i) => ({ id: specId(p.id, i), product_id: p.id, name, price, member_price: member, stock, total_stock: total, sort: i }))),
  )
  for (const [id, title, subtitle, banner, products] of MALL_SPECIALS) {
    await seed.insertMallSpecial(q, id, title, subtitle, img(banner))
    await seed.insertMallSpecialProducts(q, id, products)
  }
  for (const [i, [id, art, title, subtitle, type, linkId]] of MALL_SLIDES.entries()) await seed.insertMallSlide(q, id, img(art), title, subtitle, type, linkId, i)
  await seedEnglishNames(q, 'mall_products', MALL_PRODUCT_EN)
}
