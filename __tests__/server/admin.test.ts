/**
 * `npm run admin` sets up a production database without the operator's console (issue 40; scripts/admin.ts,
 * server/domain/operator.ts): card products created, priced, taken off sale and back; the first shop approved from its
 * merchant application and listed with its owner; a shop's WeChat Pay sub-merchant id set and cleared. On a server
 * started as production starts it (no demo data, no sandbox), on SQLite — or PostgreSQL with TEST_DATABASE_URL. Usage
 * mistakes exit 2 and write nothing; refusals exit 1 with their reason.
 */
import type { MerchantApplication } from '../../src/contract/merchant'
import { runAdmin } from '../../scripts/admin'
import { startServer, type TestServer } from './helpers'
import { runCommand, type CommandRun } from './processes'


let s: TestServer
beforeAll(async () => {
  s = await startServer({ sandbox: false, demoData: false })
})
afterAll(() => s.close())

/** The command as npm runs it: a process of its own on the server's database (the exit code is the process's). */
function adminProcess(...args: string[]): Promise<CommandRun> {
  return runCommand('admin', args, { ...process.env, ...s.databaseEnv })
}

/** The same command in this process (runAdmin, what scripts/admin.ts runs): quicker, the same database and exit codes. */
async function admin(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(args, { ...process.env, ...s.databaseEnv }, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.map((l) => `${l}\n`).join(''), err: err.map((l) => `${l}\n`).join('') }
}

type CardList = { list: Array<{ id: number; name: string; price: number; level: number; member_rate: number; benefits: string[] }> }
const onSale = async () => (await s.call<CardList>('GET', 'hui_public.card/index', { lang: 'zh' })).body.data.list

describe('card products', () => {
  it('none at first; created with its terms, it is on sale to shoppers', async () => {
    expect(await onSale()).toEqual([])
    expect((await admin('cards')).out).toContain('no card products')
    const made = await adminProcess('card-create', '--name', '金卡', '--level', '2', '--price', '199', '--days', '365', '--rate', '95', '--benefit', '合作商户买单额外 95 折', '--benefit', '每月 2 张 10 元代金券')
    expect(made.code).toBe(0)
    const id = Number(/created card product #(\d+)/.exec(made.out)?.[1])
    expect(made.out).toContain('金卡, level 2, ¥199.00 for 365 days, rate 95, on sale')
    expect(await onSale()).toEqual([{ id, name: '金卡', level: 2, price: 19900, days: 365, member_rate: 95, benefits: ['合作商户买单额外 95 折', '每月 2 张 10 元代金券'] }])
    expect((await admin('cards')).out).toMatch(new RegExp(`#${id}\\tlevel 2\\t金卡\\t¥199\\.00\\t365 days\\trate 95\\ton sale\\t合作商户买单额外 95 折 / 每月 2 张 10 元代金券`))
  })

  it('usage mistakes exit 2 and write nothing: a price with three decimals, a missing rate, a level of 0, an unknown option', async () => {
    const before = (await s.rows('SELECT id FROM card_products')).length
    for (const args of [
      ['--name', '银卡', '--level', '1', '--price', '99.999', '--days', '365', '--rate', '98'],
      ['--name', '银卡', '--level', '1', '--price', '99', '--days', '365'],
      ['--name', '银卡', '--level', '0', '--price', '99', '--days', '365', '--rate', '98'],
      ['--name', '银卡', '--level', '1', '--price', '99', '--days', '365', '--rate', '98', '--colour', 'red'],
      ['--name', '银卡', '--level', '1', '--price', '99', '--days', '365', '--rate', '49'],
    ]) {
      const run = await admin('card-create', ...args)
      expect({ args, code: run.code }).toEqual({ args, code: 2 })
      expect(run.err).toContain('usage: npm run admin -- COMMAND')
    }
    expect((await s.rows('SELECT id FROM card_products')).length).toBe(before)
  })

  it('a new price for new purchases; taken off sale it is neither listed nor sold, and cards bought stay; back on sale', async () => {
    const id = Number(/#(\d+)/.exec((await admin('card-create', '--name', '钻石卡', '--level', '3', '--price', '399.00', '--days', '365', '--rate', '92')).out)?.[1])
    const priced = await admin('card-price', String(id), '359.5')
    expect(priced.code).toBe(0)
    expect(priced.out).toContain('now ¥359.50')
    expect((await onSale()).find((c) => c.id === id)?.price).toBe(35950)

    const shopper = await s.quickUser('13812340001')
    const quote = () => s.call('POST', 'personal.order/preCreate', { kind: 'card', card_id: id }, shopper.token)
    expect((await quote()).body.code).toBe(1)
    expect((await admin('card-disable', String(id))).out).toContain('off sale (no longer listed or sold; cards bought stay valid)')
    expect((await onSale()).map((c) => c.id)).not.toContain(id)
    expect((await quote()).body).toMatchObject({ code: 0, reason: 'card_not_on_sale', msg: '钻石卡已停售' })
    expect((await admin('cards')).out).toMatch(new RegExp(`#${id}\\t.*\\tOFF SALE`))
    expect((await admin('card-enable', String(id))).code).toBe(0)
    expect((await onSale()).map((c) => c.id)).toContain(id)

    const missing = await adminProcess('card-disable', '999999')
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('refused (card_not_found)')
    expect((await admin('card-price', String(id), 'free')).code).toBe(2)
  })
})

describe('the first shops', () => {
  it('a merchant application approved becomes a shop, listed with its owner', async () => {
    expect((await admin('shops')).out).toContain('no shops')
    const owner = await s.quickUser('13812340002')
    const form = {
      shop_name: 'First Noodles',
      class_id: 1,
      contact_name: 'Li Lei',
      mobile: '13812340002',
      city_id: 1,
      district: '\u5357\u5c71\u533a',
      address: 'Keyuan Road 88',
      hours: '10:00-22:00',
      discount_rate: 88,
      licence_image: '/uploads/CCCCCCCCCCCCCCCCCCCCCC.jpg',
      storefront_image: '/uploads/DDDDDDDDDDDDDDDDDDDDDD.png',
    }
    await s.uploadedBy(owner.token, form)
    const sent = await s.call<{ application: MerchantApplication }>('POST', 'personal.merchant_application/submit', form, owner.token)
    expect(sent.body.code).toBe(1)
    const approved = await admin('approve', String(sent.body.data.application.id))
    expect(approved.code).toBe(0)
    const shopId = Number(/shop (\d+)/.exec(approved.out)?.[1])
    expect((await admin('shops')).out).toMatch(new RegExp(`#${shopId}\\tFirst Noodles\\t深圳\\t美食\\towner 13812340002\\tstaff 1`))
    // The shop is the shoppers' to pay at, and its owner's workbench opens.
    expect((await s.call('GET', 'hui_shanghu.store/workbench', {}, owner.token)).body.code).toBe(1)
  })

  it("a shop's WeChat Pay sub-merchant id: set, listed, cleared; a wrong id or shop refused", async () => {
    const shopId = Number((await s.row<{ id: number }>("SELECT id FROM shops WHERE name = 'First Noodles'")).id)
    const hasColumn = await s.rows('SELECT wxpay_sub_mchid FROM shops WHERE 1 = 0').then(
      () => true,
      () => false,
    )
    if (!hasColumn) {
      // Before the WeChat Pay provider's migration: refused, saying why, nothing written.
      const early = await admin('shop-sub-mchid', String(shopId), '1900000109')
      expect(early.code).toBe(1)
      expect(early.err).toContain('no shops.wxpay_sub_mchid column yet')
      expect((await admin('shops')).out).not.toContain('sub_mchid')
      await s.run('ALTER TABLE shops ADD COLUMN wxpay_sub_mchid TEXT')
    }
    const set = await admin('shop-sub-mchid', String(shopId), '1900000109')
    expect(set.code).toBe(0)
    expect(set.out).toBe(`shop #${shopId}: WeChat Pay sub-merchant 1900000109\n`)
    expect((await s.row<{ wxpay_sub_mchid: string }>('SELECT wxpay_sub_mchid FROM shops WHERE id = ?', shopId)).wxpay_sub_mchid).toBe('1900000109')
    expect((await admin('shops')).out).toContain('\tsub_mchid 1900000109')
    expect((await admin('shop-sub-mchid', String(shopId), '19000x')).code).toBe(2)
    expect((await admin('shop-sub-mchid', '999999', '1900000109')).err).toContain('refused (shop_not_found)')
    expect((await admin('shop-sub-mchid', String(shopId), '--clear')).code).toBe(0)
    expect((await s.row<{ wxpay_sub_mchid: string | null }>('SELECT wxpay_sub_mchid FROM shops WHERE id = ?', shopId)).wxpay_sub_mchid).toBeNull()
  })
})
