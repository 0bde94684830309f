import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { avatar, banner, illustration, tile, type Colors } from './artwork'
import { MALL_CATEGORIES, MALL_PRODUCTS } from './seedMall'
import { TAKEOUT_CATEGORIES, TAKEOUT_DISH_EMOJI, TAKEOUT_SHOPS } from './seedTakeout'

// Tile gradients (top → bottom) and soft backgrounds, one per kind of business.
const TILE = {
  gold: ['#ffc53d', '#fa8c16'],
  red: ['#ff7875', '#e8382f'],
  green: ['#5cdbd3', '#13a48a'],
  orange: ['#ffa26b', '#f5541d'],
  yellow: ['#ffd666', '#f5a300'],
  pink: ['#ff85c0', '#e6398a'],
  purple: ['#b39dff', '#7a55f0'],
  teal: ['#5ee0e0', '#0fa3b1'],
  blue: ['#69b1ff', '#2f6fec'],
  indigo: ['#8c9bff', '#5060e8'],
  cyan: ['#4fc3f7', '#1a8fd6'],
} satisfies Record<string, Colors>
const SOFT = {
  food: ['#fff4e8', '#ffd8b8'],
  beauty: ['#fff0f6', '#ffcfe3'],
  leisure: ['#f7f0ff', '#e2d2ff'],
  life: ['#eaf5ff', '#c4e2ff'],
  fuel: ['#e8fff7', '#b8f0dc'],
  store: ['#fffbe6', '#ffe9a3'],
} satisfies Record<string, Colors>

/**
 * Flash-sale products (seed.ts): the main picture, and two more for the product's swiper — the same thing on
 * another background, and what goes with it. `/assets/img/product-<id>[-2|-3].svg`.
 */
const PRODUCTS: ReadonlyArray<[id: number, emoji: string, soft: Colors, other: Colors, accent: string]> = [
  [1, 'glass-of-milk', SOFT.life, SOFT.store, 'bread'], // 豆浆机
  [2, 'droplet', SOFT.life, SOFT.fuel, 'cup-with-straw'], // 矿泉水
  [3, 'bubbles', SOFT.leisure, SOFT.life, 'soap'], // 洗衣凝珠
  [4, 'headphone', SOFT.beauty, SOFT.leisure, 'high-voltage'], // 蓝牙耳机
  [5, 'sheaf-of-rice', SOFT.store, SOFT.food, 'cooked-rice'], // 有机大米
  [6, 'toothbrush', SOFT.fuel, SOFT.life, 'sparkles'], // 电动牙刷
  [7, 'chestnut', SOFT.food, SOFT.store, 'peanuts'], // 坚果礼盒
  [8, 'cow-face', SOFT.life, SOFT.fuel, 'glass-of-milk'], // 纯牛奶
  [9, 'bread', SOFT.store, SOFT.food, 'croissant'], // 全麦面包
  [10, 'cherries', SOFT.beauty, SOFT.food, 'package'], // 车厘子
  [11, 'hot-beverage', SOFT.food, SOFT.store, 'teacup-without-handle'], // 挂耳咖啡
  [12, 'roll-of-paper', SOFT.life, SOFT.leisure, 'package'], // 抽纸
  [13, 'teapot', SOFT.leisure, SOFT.beauty, 'hot-beverage'], // 保温壶
  [14, 'cooked-rice', SOFT.food, SOFT.store, 'bowl-with-spoon'], // 电饭煲
  [15, 'strawberry', SOFT.beauty, SOFT.fuel, 'basket'], // 草莓
  [16, 'pineapple', SOFT.store, SOFT.fuel, 'mango'], // 凤梨
  [17, 'books', SOFT.leisure, SOFT.life, 'sparkles'], // 绘本
  [18, 'backpack', SOFT.life, SOFT.beauty, 'running-shoe'], // 双肩包
]

function productArtwork(): Array<[string, () => string]> {
  return PRODUCTS.flatMap(([id, emoji, soft, other, accent]): Array<[string, () => string]> => [
    [`product-${id}`, () => illustration(emoji, soft, 'square')],
    [`product-${id}-2`, () => illustration(emoji, other, 'square')],
    [`product-${id}-3`, () => illustration(accent, soft, 'square')],
  ])
}

/** The mall's category tiles, product pictures (three each), the special's banner and the gallery's slides. */
function mallArtwork(): Array<[string, () => string]> {
  const tiles = [TILE.orange, TILE.yellow, TILE.teal, TILE.blue, TILE.pink, TILE.purple]
  const softs = [SOFT.food, SOFT.store, SOFT.life, SOFT.leisure, SOFT.beauty, SOFT.fuel]
  return [
    ...MALL_CATEGORIES.map(([id, , icon], i): [string, () => string] => [`mall-cat-${id}`, () => tile(icon, tiles[i % tiles.length])]),
    ...MALL_PRODUCTS.flatMap(({ id, category, emoji: [main, accent] }): Array<[string, () => string]> => {
      const soft = softs[(category - 1) % softs.length]
      const other = softs[category % softs.length]
      return [
        [`mall-${id}`, () => illustration(main, soft, 'square')],
        [`mall-${id}-2`, () => illustration(main, other, 'square')],
        [`mall-${id}-3`, () => illustration(accent, soft, 'square')],
      ]
    }),
    ['mall-special-1', () => banner('firecracker', 'red-envelope', ['#b3122a', '#ff8a3d'])], // 年货节
    ['mall-slide-1', () => banner('red-envelope', 'firecracker', ['#a8071a', '#f5541d'])],
    ['mall-slide-2', () => banner('headphone', 'musical-notes', ['#1d2b64', '#5b6cf0'])],
    ['mall-slide-3', () => banner('tangerine', 'leafy-green', ['#d4380d', '#ffa940'])],
    ['mall-slide-4', () => banner('teddy-bear', 'wrapped-gift', ['#9e1068', '#ff85c0'])],
  ]
}

/** Takeout (issue 25): category tiles, the restaurants takeout adds, one picture per dish. */
function takeoutArtwork(): Array<[string, () => string]> {
  const tiles = [TILE.orange, TILE.yellow, TILE.teal, TILE.pink, TILE.red]
  return [
    ...TAKEOUT_CATEGORIES.map(([id, , , icon], i): [string, () => string] => [`takeout-cat-${id}`, () => tile(icon, tiles[i % tiles.length])]),
    ...TAKEOUT_SHOPS.flatMap((s): Array<[string, () => string]> => (s.add ? [[`shop-${s.id}`, () => illustration(s.add?.emoji ?? 'takeout-box', SOFT.food, 'wide')]] : [])),
    ...TAKEOUT_DISH_EMOJI.map(([id, emoji]): [string, () => string] => [`dish-${id}`, () => illustration(emoji, SOFT.food, 'square')]),
  ]
}

/**
 * Every demo picture the server draws, by the name in its URL: /assets/img/<name>.svg. The seed and the
 * site routes point at these names (one per banner, grid module, business class, shop and flash-sale
 * product, plus the share card); __tests__/server/assets.test.ts checks that every seeded URL resolves.
 */
const CATALOGUE = new Map<string, () => string>([
  ['banner-1', () => banner('crown', 'credit-card', ['#b3122a', '#ff6a3d'])], // 开通会员
  ['banner-2', () => banner('high-voltage', 'alarm-clock', ['#6b1fb8', '#f0477b'])], // 限时秒杀
  ['banner-3', () => banner('fuel-pump', 'automobile', ['#075e9e', '#1fb5a8'])], // 好店加油
  ['share-1', () => banner('credit-card', 'wrapped-gift', ['#b3122a', '#ff6a3d'])],

  ['module-card', () => tile('crown', TILE.gold)],
  ['module-discountBill', () => tile('receipt-2', TILE.red)],
  ['module-oil', () => tile('gas-station', TILE.green)],
  ['module-seckill', () => tile('bolt', TILE.orange)],
  ['module-takeout', () => tile('moped', TILE.yellow)],
  ['module-vMall', () => tile('shopping-bag', TILE.pink)],
  ['module-discountsDay', () => tile('calendar-star', TILE.purple)],
  ['module-coupons', () => tile('ticket', TILE.teal)],
  ['module-recruit', () => tile('briefcase', TILE.blue)],
  ['module-shopRegister', () => tile('building-store', TILE.indigo)],
  ['module-competition', () => tile('trophy', TILE.cyan)],

  ['class-1', () => tile('tools-kitchen-2', TILE.orange)], // 美食
  ['class-2', () => tile('sparkles', TILE.pink)], // 丽人
  ['class-3', () => tile('masks-theater', TILE.purple)], // 休闲娱乐
  ['class-4', () => tile('wash-machine', TILE.blue)], // 生活服务
  ['class-5', () => tile('gas-station', TILE.green)], // 加油站
  ['class-6', () => tile('shopping-cart', TILE.yellow)], // 超市便利

  ['shop-1', () => illustration('hot-pepper', SOFT.food, 'wide')], // 川味小馆
  ['shop-2', () => illustration('dumpling', SOFT.food, 'wide')], // 粤式茶餐厅
  ['shop-3', () => illustration('barber-pole', SOFT.beauty, 'wide')], // 悦容美发
  ['shop-4', () => illustration('popcorn', SOFT.leisure, 'wide')], // 星光影城
  ['shop-5', () => illustration('basket', SOFT.life, 'wide')], // 洁净洗衣
  ['shop-6', () => illustration('fuel-pump', SOFT.fuel, 'wide')], // 中石化科苑站
  ['shop-7', () => illustration('fuel-pump', SOFT.fuel, 'wide')], // 中石油深南站
  ['shop-8', () => illustration('shopping-cart', SOFT.store, 'wide')], // 好邻居便利
  ['shop-9', () => illustration('pot-of-food', SOFT.food, 'wide')], // 湘里人家
  ['shop-10', () => illustration('person-in-lotus-position', SOFT.leisure, 'wide')], // 瑜伽生活馆
  ['shop-11', () => illustration('steaming-bowl', SOFT.food, 'wide')], // 日式拉面屋
  ['shop-12', () => illustration('fuel-pump', SOFT.fuel, 'wide')], // 广州天河加油站

  ...productArtwork(),
  ...mallArtwork(),
  ...takeoutArtwork(),
])

const AVATAR_COLORS: readonly Colors[] = [TILE.blue, TILE.teal, TILE.purple, TILE.orange, TILE.pink, TILE.green]
const NAME = /^([A-Za-z0-9-]{1,40})\.svg$/
const AVATAR = /^avatar-(\d{1,6})$/

/** The names the catalogue draws (the avatars are a family: avatar-<1 to 6 digits>). */
export const artworkNames = (): string[] => [...CATALOGUE.keys()]

const drawn = new Map<string, { svg: string; etag: string }>()

/** The picture for a name, drawn once and kept; undefined for a name the catalogue does not know. */
export function artwork(name: string): { svg: string; etag: string } | undefined {
  const avatarNo = AVATAR.exec(name)
  // Avatars are one per shopper but only a few colours: kept by colour, so the cache stays small.
  const key = avatarNo ? `avatar/${Number(avatarNo[1]) % AVATAR_COLORS.length}` : name
  const cached = drawn.get(key)
  if (cached) return cached
  const draw = avatarNo ? () => avatar(AVATAR_COLORS[Number(avatarNo[1]) % AVATAR_COLORS.length]) : CATALOGUE.get(name)
  if (!draw) return undefined
  const svg = draw()
  const entry = { svg, etag: `"${crypto.createHash('sha1').update(svg).digest('base64url').slice(0, 16)}"` }
  drawn.set(key, entry)
  return entry
}

/** Demo pictures, drawn from the icon packages on request (no external URLs, no files on disk). */
export function assetRoutes(app: FastifyInstance): void {
  app.get('/assets/img/:file', async (req, reply) => {
    const { file } = req.params as { file: string }
    const m = NAME.exec(file)
    const art = m ? artwork(m[1]) : undefined
    if (!art) return reply.code(404).type('text/plain; charset=utf-8').send('not found')
    reply.header('Cache-Control', 'public, max-age=86400').header('ETag', art.etag).header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', "default-src 'none'")
    if (req.headers['if-none-match'] === art.etag) return reply.code(304).send()
    return reply.type('image/svg+xml').send(art.svg)
  })
}
