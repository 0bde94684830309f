import type { Q } from '../storage/query'
import { setEnglishNames } from '../storage/seed/demo'

/**
 * The English names the demo's merchants give their goods (issue 39; docs/decisions/2026-12-06-english-names-of-goods.md):
 * every mall product and every takeout dish, by the name the merchant wrote. Written into `name_en` as the demo is
 * seeded; English searches find them there (server/storage/repo/shops.ts englishNameLike).
 */
export const MALL_PRODUCT_EN: Readonly<Record<string, string>> = {
  赣南脐橙: 'Gannan navel oranges',
  智利冰鲜三文鱼: 'Chilled Chilean salmon',
  阿克苏冰糖心苹果: 'Aksu rock-sugar heart apples',
  海南金煌芒果: 'Hainan Jinhuang mangoes',
  '每日坚果 30 包': 'Daily mixed nuts, 30 packs',
  比利时黑巧克力礼盒: 'Belgian dark chocolate gift box',
  黄油手工曲奇: 'Handmade butter cookies',
  草莓味软糖: 'Strawberry gummies',
  竹浆本色抽纸: 'Bamboo pulp tissues',
  洗衣凝珠: 'Laundry pods',
  厨房百洁海绵: 'Kitchen scrub sponges',
  香薰蜡烛: 'Scented candle',
  主动降噪蓝牙耳机: 'Noise-cancelling Bluetooth headphones',
  '20000 mAh 快充充电宝': '20000 mAh fast-charging power bank',
  智能运动手表: 'Smart sports watch',
  静音无线鼠标: 'Silent wireless mouse',
  玻尿酸保湿面霜: 'Hyaluronic acid moisturising face cream',
  丝绒哑光口红: 'Velvet matte lipstick',
  声波电动牙刷: 'Sonic electric toothbrush',
  宽口径婴儿奶瓶: 'Wide-neck baby bottle',
  毛绒泰迪熊: 'Plush teddy bear',
  儿童益智拼图: "Children's jigsaw puzzle",
}

export const DISH_EN: Readonly<Record<string, string>> = {
  水煮鱼: 'Sichuan boiled fish in chilli oil',
  麻婆豆腐: 'Mapo tofu',
  宫保鸡丁: 'Kung pao chicken',
  米饭: 'Steamed rice',
  担担面: 'Dan dan noodles',
  酸梅汤: 'Sour plum drink',
  冰峰汽水: 'Bingfeng orange soda',
  虾饺: 'Shrimp dumplings (har gow)',
  叉烧包: 'Barbecue pork buns',
  皮蛋瘦肉粥: 'Century egg and pork congee',
  干炒牛河: 'Stir-fried beef rice noodles',
  冻柠茶: 'Iced lemon tea',
  丝袜奶茶: 'Hong Kong milk tea',
  剁椒鱼头: 'Fish head with chopped chillies',
  农家小炒肉: 'Farmhouse stir-fried pork',
  酸辣土豆丝: 'Hot and sour shredded potatoes',
  豚骨拉面: 'Tonkotsu ramen',
  味噌拉面: 'Miso ramen',
  煎饺: 'Pan-fried dumplings',
  抹茶冰淇淋: 'Matcha ice cream',
  招牌牛肉面: 'Signature beef noodles',
  凉拌牛肉: 'Cold sliced beef',
  卤蛋: 'Braised egg',
  砂锅虾蟹粥: 'Clay-pot shrimp and crab congee',
  生滚鱼片粥: 'Fresh fish slice congee',
  炒粿条: 'Fried kway teow',
  卤水拼盘: 'Chaozhou braised platter',
  珍珠奶茶: 'Bubble milk tea',
  杨枝甘露: 'Mango pomelo sago',
  柠檬茶: 'Lemon tea',
  芒果班戟: 'Mango pancakes',
}

/** The demo's English names, where a product or dish of that name has none yet (the seed's own rows). */
export async function seedEnglishNames(q: Q, table: 'mall_products' | 'dishes', names: Readonly<Record<string, string>>): Promise<void> {
  await setEnglishNames(q, table, Object.entries(names))
}
