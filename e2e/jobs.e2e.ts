/**
 * Jobs (issue 26) on the H5 build: a posting found by its keyword on Jobs and in Search's Jobs tab; its detail with the
 * shop; the contact asks for a login, and after it (back on the posting) shows the phone. zh and en. Screenshots:
 * test-results/e2e/issue26-jobs-*.
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, LANG_EN, launch, logIn, phone, settled, shot, still, typeInto } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function docShot(page: Page, name: string): Promise<void> {
  await still(page)
  await shot(page, `issue26-jobs-${name}`)
}

describe.each([
  ['zh', '13800000261', { login: '登录后查看联系方式', call: '拨打 13800000801', tab: '招聘', title: '招聘' }],
  ['en', '13800000262', { login: 'Log in to see the contact', call: 'Call 13800000801', tab: 'Jobs', title: 'Job list' }],
] as const)('jobs (%s)', (lang, phoneNo, words) => {
  it('a posting found by keyword → its detail → the contact needs a login → after it, the phone', async () => {
    const { page, context, errors } = await phone(browser)
    if (lang === 'en') await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)

    await page.goto(`${BASE()}/pages/recruit/index`)
    await settled(page)
    await page.locator('.job-card:visible').first().waitFor({ timeout: 15000 })
    await docShot(page, `list-${lang}`)
    await typeInto(page, '.jobs__input', '夜班')
    await page.waitForFunction(() => {
      const titles = Array.from(document.querySelectorAll<HTMLElement>('.job-card__title')).filter((el) => el.offsetParent !== null)
      return titles.length === 1 && titles[0].textContent === '便利店夜班店员'
    }, null, { timeout: 15000 })
    expect(await page.locator('.job-card__shop:visible').textContent()).toBe('好邻居便利')
    await docShot(page, `keyword-${lang}`)

    await page.locator('.job-card__tap:visible').click()
    await page.waitForURL(/\/pages\/recruit\/detail\?id=\d+/)
    await settled(page)
    await page.locator('.job__title:visible').waitFor({ timeout: 15000 })
    const detailUrl = new URL(page.url())
    expect(await page.locator('.job__contact .job__btn:visible').textContent()).toBe(words.login)
    expect(await page.content()).not.toContain('13800000801')
    await docShot(page, `detail-${lang}`)

    // The contact asks for a login that comes back to this posting.
    await page.locator('.job__contact .job__btn:visible').click()
    await page.waitForURL(/\/pages\/accountBind\/index\?redirect=/)
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(`${detailUrl.pathname}${detailUrl.search}`)
    await logIn(page, phoneNo, `${detailUrl.pathname}${detailUrl.search}`)
    await page.locator('.job__contact .job__btn:visible').click()
    await page.locator('.job__contact .job__btn:visible', { hasText: words.call }).waitFor({ timeout: 15000 })
    await docShot(page, `contact-${lang}`)

    // Search's Jobs tab finds it too.
    await page.goto(`${BASE()}/pages/index/search`)
    await settled(page)
    await typeInto(page, '.search__input', '夜班')
    await page.locator('.job-card__title:visible', { hasText: '便利店夜班店员' }).waitFor({ timeout: 15000 })
    expect((await page.locator('.search__tabs__tab--jobs:visible').textContent())?.trim()).toBe(words.tab)
    await docShot(page, `search-${lang}`)
    expect(errors).toEqual([])
    await context.close()
  })
})
