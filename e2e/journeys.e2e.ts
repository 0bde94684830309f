import Database from 'better-sqlite3'
import type { Browser, Page } from 'playwright-core'
import { BASE, launch, phone, settled, shot, visibleTitle } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** Read-only look at the server's database, to check what the shopper did really happened. */
function db<T>(sql: string, ...args: unknown[]): T {
  const conn = new Database(process.env.E2E_DB_PATH as string, { readonly: true, fileMustExist: true })
  try {
    return conn.prepare(sql).get(...args) as T
  } finally {
    conn.close()
  }
}

async function smsCode(phoneNo: string): Promise<string> {
  const res = await fetch(`${BASE()}/api/sandbox/smsOutbox?phone=${phoneNo}`)
  const body = (await res.json()) as { data: { list: Array<{ code: string }> } }
  return body.data.list[0].code
}

async function typeInto(page: Page, selector: string, text: string) {
  const input = page.locator(`${selector} input:visible, input${selector}:visible`).first()
  await input.click()
  await input.fill(text)
}

/** Through the screens: Authorization with the SMS code from the sandbox outbox. */
async function bindOnScreen(page: Page, phoneNo: string) {
  await typeInto(page, '.bind__phone', phoneNo)
  await page.locator('.bind__send:visible').click()
  await page.getByText('秒后重发').first().waitFor({ timeout: 10000 })
  await typeInto(page, '.bind__code', await smsCode(phoneNo))
  await page.locator('.bind__submit:visible').click()
}

describe('journeys', () => {
  it('1. anonymous → Me → bind phone with the SMS code → back on Me with the masked phone', async () => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/pages/personal/index`)
    await settled(page)
    await shot(page, 'j1-1-me-anonymous')
    await page.locator('.account-header__login:visible').click()
    await page.waitForURL(/\/pages\/accountBind\/index/)
    await settled(page)
    // Bad input first: a clear message, nothing sent.
    await typeInto(page, '.bind__phone', '12345')
    await page.locator('.bind__send:visible').click()
    await page.getByText('请输入正确的 11 位手机号').first().waitFor()
    await shot(page, 'j1-2-bad-phone')
    await bindOnScreen(page, '13800000001')
    await page.waitForURL(/\/pages\/personal\/index/)
    await page.getByText('138****0001').first().waitFor({ timeout: 15000 })
    await settled(page)
    expect(await visibleTitle(page)).toBe('我的')
    await shot(page, 'j1-3-me-logged-in')
    expect(db<{ n: number }>("SELECT COUNT(*) AS n FROM users WHERE phone = '13800000001'").n).toBe(1)
    expect(db<{ n: number }>("SELECT COUNT(*) AS n FROM tokens t JOIN users u ON u.id = t.user_id WHERE u.phone = '13800000001'").n).toBe(1)
    await context.close()
  })

  it('2. buy a membership card through the channel-6 cashier → success → My cards and the card page show it', async () => {
    const { page, context } = await phone(browser)
    await page.goto(`${BASE()}/pages/accountBind/index?redirect=${encodeURIComponent('/pages/card/index')}`)
    await settled(page)
    await bindOnScreen(page, '13800000002')
    await page.waitForURL(/\/pages\/card\/index/)
    await settled(page)
    await page.locator('.card-product--level1:visible').click()
    await shot(page, 'j2-1-card-products')
    await page.locator('.card-products__buy:visible').click()
    await page.waitForURL(/\/sandbox\/cashier/)
    await page.locator('#amount').waitFor()
    expect(await page.locator('#amount').textContent()).toBe('¥99.00')
    await shot(page, 'j2-2-cashier')
    await page.locator('#pay').click()
    await page.waitForURL(/\/pages\/payBill\/success\?id=\d+/)
    await page.locator('.pay-result__status:visible').waitFor({ timeout: 15000 })
    expect(await page.locator('.pay-result__status:visible').textContent()).toBe('支付成功')
    await settled(page)
    await shot(page, 'j2-3-success')
    const orderId = Number(new URL(page.url()).searchParams.get('id'))
    expect(db<{ status: number; kind: string }>('SELECT status, kind FROM orders WHERE id = ?', orderId)).toEqual({ status: 10, kind: 'card' })
    const card = db<{ card_no: string }>("SELECT c.card_no FROM user_cards c JOIN users u ON u.id = c.user_id WHERE u.phone = '13800000002'")

    await page.goto(`${BASE()}/pages/card/my`)
    await settled(page)
    await page.getByText(card.card_no.replace(/(\d{4})(?=\d)/g, '$1 ')).first().waitFor()
    await shot(page, 'j2-4-my-cards')
    await page.goto(`${BASE()}/pages/card/vipCord`)
    await settled(page)
    await page.locator('.member-qr:visible').waitFor()
    expect(await page.locator('.member-barcode__bar--dark:visible').count()).toBeGreaterThan(10)
    expect(await page.getByText(`卡号 ${card.card_no}`).count()).toBeGreaterThan(0)
    await shot(page, 'j2-5-card-page')
    await context.close()
  })
})
