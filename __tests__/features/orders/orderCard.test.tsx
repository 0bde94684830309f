import OrderCard from '@/features/orders/OrderCard'
import OrderDetail from '@/features/orders/OrderDetail'
import type { OrderInfo } from '@/contract/order'
import { resetLangCache, setLang } from '@/core/i18n'
import { order } from '../../support/fixtures'
import { all, mount, text, unmountAll } from '../../support/screen'

/** An order is named once: the shop on top and what was bought below; with no shop, the title alone. */
afterEach(() => {
  unmountAll()
  resetLangCache()
})

const card = (o: OrderInfo) => mount(() => <OrderCard order={o} busy={false} onPay={() => undefined} onCancel={() => undefined} />)
/** Every word the card shows, in order. */
const words = (t: Awaited<ReturnType<typeof card>>) => all(t, '.order-card__name, .order-card__item')

describe('My orders: the order card', () => {
  it('a card order (no shop) shows its title once', async () => {
    const t = await card(order({ kind: 'card', title: '一卡通金卡', shop_id: null, shop_name: null }))
    expect(words(t)).toEqual(['一卡通金卡'])
    expect(t.queries.querySelector('.order-card')?.textContent?.split('一卡通金卡')).toHaveLength(2)
  })

  it('a bill, titled with its shop by the server: the shop on top, "Discount bill" below, not the name twice', async () => {
    const t = await card(order({ kind: 'bill', title: '川味小馆', shop_name: '川味小馆' }))
    expect(words(t)).toEqual(['川味小馆', '优惠买单'])
    await t.act(async () => setLang('en'))
    expect(words(t)).toEqual(['川味小馆', 'Discount bill'])
  })

  it('an order whose title names what was bought: the shop, then the title', async () => {
    const t = await card(order({ kind: 'takeout', title: '水煮鱼 等 2 件', shop_name: '川味小馆' }))
    expect(words(t)).toEqual(['川味小馆', '水煮鱼 等 2 件'])
  })
})

describe('Order detail: the status banner names the order once too', () => {
  const detail = (o: OrderInfo) => mount(() => <OrderDetail order={o} code={null} />)

  it('a bill: shop · Discount bill; a card order: its title alone', async () => {
    const t = await detail(order({ kind: 'bill', title: '川味小馆', shop_name: '川味小馆' }))
    expect(text(t, '.order-detail__title')).toBe('川味小馆 · 优惠买单')
    unmountAll()
    const c = await detail(order({ kind: 'card', title: 'One Card Pass Gold card', shop_id: null, shop_name: null }))
    expect(text(c, '.order-detail__title')).toBe('One Card Pass Gold card')
  })

  it('an unpaid order does not say "Paid" over the amount still to pay', async () => {
    const t = await detail(order({ order_status: 0, pay_time: null }))
    await t.act(async () => setLang('en'))
    const strong = () => text(t, '.order-detail__row--strong')
    expect(strong()).toMatch(/^To pay/)
    unmountAll()
    const paid = await detail(order())
    expect(text(paid, '.order-detail__row--strong')).toMatch(/^Paid/)
  })
})

describe('What an order bought: its lines', () => {
  const mallOrder = order({
    kind: 'product',
    title: '赣南脐橙',
    shop_name: '鲜果集市',
    lines: [{ name: '赣南脐橙', spec: '5 kg 礼盒', quantity: 2, price: 5990, image: '/assets/img/mall-1.svg' }],
    delivery: { mode: 'ship', address: { name: '张三', phone: '138****0000', text: '上海市浦东新区世纪大道 100 号' } },
  })

  it('My orders: a product order shows its picture, name, spec and quantity instead of the title again', async () => {
    const t = await card(mallOrder)
    expect(text(t, '.order-line__name')).toBe('赣南脐橙')
    expect(text(t, '.order-line__spec')).toBe('5 kg 礼盒 × 2')
    expect(t.queries.querySelector('.order-line__img')).not.toBeNull()
    expect(words(t)).toEqual(['鲜果集市'])
  })

  it('a bill has no product lines on its card: the heading says what it was', async () => {
    const t = await card(order({ kind: 'bill', title: '川味小馆', shop_name: '川味小馆', lines: [{ name: '川味小馆', spec: null, quantity: 1, price: 10000, image: null }] }))
    expect(t.queries.querySelector('.order-line')).toBeNull()
    expect(words(t)).toEqual(['川味小馆', '优惠买单'])
  })

  it('Order detail: each line with its unit price and quantity, and where the parcel goes', async () => {
    const t = await mount(() => <OrderDetail order={mallOrder} code={null} />)
    expect(text(t, '.order-line__spec')).toBe('5 kg 礼盒')
    expect(text(t, '.order-line__qty')).toBe('× 2')
    expect(text(t, '.order-line__price')).toContain('59.90')
    expect(text(t, '.order-delivery__label')).toBe('收货地址')
    expect(text(t, '.order-delivery__text')).toBe('上海市浦东新区世纪大道 100 号')
    await t.act(async () => setLang('en'))
    expect(text(t, '.order-delivery__label')).toBe('Ship to')
  })

  it('a pick-up order says where it is collected', async () => {
    const t = await mount(() => <OrderDetail order={{ ...mallOrder, delivery: { mode: 'pickup', address: null } }} code={null} />)
    expect(text(t, '.order-delivery__label')).toBe('到店自提')
    expect(text(t, '.order-delivery__text')).toBe('鲜果集市')
  })
})
