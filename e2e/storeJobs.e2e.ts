/**
 * Issue 26, Jobs in the workbench, in the browser: the staff of a demo shop (shop 6, phone 19900000006) open Jobs from
 * the workbench, are told what a posting still needs, post one, and a shopper finds it on Jobs by its keyword; then
 * the shop stops hiring and it leaves the shoppers' list. zh and en; axe 0 serious/critical on the list, the form
 * with its errors and the posted list; screenshots at 375×812 (test-results/e2e/store-jobs-*).
 */
import type { Browser, Page } from 'playwright-core'
import { BASE, LANG_EN, launch, phone, seriousAxe, sessionOf, settled, shot, still, toastGone, toastShown, typeInto } from './browser'

const STAFF = '19900000006'
const TITLE = '早茶面点师'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function look(page: Page, name: string): Promise<void> {
  await toastGone(page, 8000)
  await still(page)
  await shot(page, `store-jobs-${name}`)
  expect(await seriousAxe(page)).toEqual([])
}

/** The shoppers' Jobs list (anonymous) searched by keyword: the titles shown once the answer is in (a card, or "none"). */
async function shoppersFind(keyword: string, found: boolean): Promise<string[]> {
  const { page, context } = await phone(browser)
  await page.goto(`${BASE()}/pages/recruit/index`)
  await settled(page)
  await page.locator('.job-card:visible').first().waitFor({ timeout: 15000 })
  await typeInto(page, '.jobs__input', keyword)
  if (found) {
    // The list as the keyword filters it: the posting, and nothing without the keyword.
    await page.waitForFunction(
      ([k, title]) => {
        const shown = Array.from(document.querySelectorAll<HTMLElement>('.job-card__title')).filter((el) => el.offsetParent !== null).map((el) => el.textContent ?? '')
        return shown.includes(title) && shown.every((x) => x.includes(k))
      },
      [keyword, TITLE] as const,
      { timeout: 15000 },
    )
  }
  else await page.locator('.state--empty:visible').waitFor({ timeout: 15000 })
  const titles = await page.locator('.job-card__title:visible').allTextContents()
  await context.close()
  return titles
}

describe('the store posts a job from the workbench', () => {
  it('workbench → Jobs → the form says what is missing → posted → a shopper finds it by keyword → stop hiring', async () => {
    const token = await sessionOf(STAFF)
    const { page, errors } = await phone(browser)
    await page.goto(`${BASE()}/pages/index/index`)
    await page.evaluate((tok) => window.localStorage.setItem('token', JSON.stringify({ data: tok })), token)
    await page.goto(`${BASE()}/pages/store/index`)
    await settled(page)
    await page.locator('.workbench__entry--jobs:visible').click()
    await page.waitForURL(/\/pages\/store\/jobs/)
    await settled(page)
    await page.locator('.store-job:visible').first().waitFor({ timeout: 15000 })
    await look(page, 'list-zh')

    await page.locator('.store-jobs__post:visible').click()
    await page.locator('.store-job-form:visible').waitFor()
    await typeInto(page, '.store-job-form__title', TITLE)
    await typeInto(page, '.store-job-form__salary_min', '6000')
    await typeInto(page, '.store-job-form__salary_max', '5000')
    await page.locator('.store-job-form__save:visible').click()
    await page.locator('.store-job-form__error--salary_max:visible', { hasText: '最高月薪不能低于最低月薪' }).waitFor()
    expect(await page.locator('.store-job-form__error--category:visible').textContent()).toBe('请选择职位类别')
    await look(page, 'form-errors-zh')

    await page.locator('.store-job-form__cat:visible', { hasText: '餐饮' }).click()
    await typeInto(page, '.store-job-form__salary_max', '9000')
    await typeInto(page, '.store-job-form__headcount', '2')
    await typeInto(page, '.store-job-form__hours', '05:30-14:00，月休 4 天')
    await typeInto(page, '.store-job-form__requirements', '会做虾饺、烧卖')
    await typeInto(page, '.store-job-form__benefits', '包吃住')
    await typeInto(page, '.store-job-form__contact_name', '黄师傅')
    await typeInto(page, '.store-job-form__contact_phone', '13800000601')
    expect(await page.locator('.store-job-form__error:visible').count()).toBe(0)
    await page.locator('.store-job-form__save:visible').click()
    await toastShown(page, '已发布')
    const posted = page.locator('.store-job:visible', { hasText: TITLE })
    await posted.waitFor({ timeout: 15000 })
    expect(await posted.locator('.store-job__state').textContent()).toBe('招聘中')
    await look(page, 'posted-zh')

    expect(await shoppersFind('面点师', true)).toEqual([TITLE])

    // English: the list and the form's errors.
    await page.evaluate((lang) => window.localStorage.setItem('lang', lang), LANG_EN)
    await page.reload()
    await settled(page)
    await page.locator('.store-job:visible', { hasText: TITLE }).waitFor({ timeout: 15000 })
    expect(await page.locator('.store-job:visible', { hasText: TITLE }).locator('.store-job__state').textContent()).toBe('Open')
    await look(page, 'list-en')
    await page.locator('.store-jobs__post:visible').click()
    await page.locator('.store-job-form__save:visible').click()
    await page.locator('.store-job-form__error--title:visible', { hasText: 'Fill in Job title' }).waitFor()
    await look(page, 'form-errors-en')
    await page.locator('.store-job-form__cancel:visible').click()

    // Stop hiring: asked first; then the shoppers no longer find it.
    await page.locator('.store-job:visible', { hasText: TITLE }).locator('.store-job__close').click()
    await page.locator('.taro-modal__foot >> text=Stop').first().click()
    await page.locator('.store-job:visible', { hasText: TITLE }).locator('.store-job__state', { hasText: 'Closed' }).waitFor({ timeout: 15000 })
    expect(await shoppersFind('面点师', false)).toEqual([])
    expect(errors).toEqual([])
  })
})

describe('an expired posting on the workbench', () => {
  let token = ''
  beforeAll(async () => {
    token = await sessionOf('19900000003')
  }, 120000)
  it.each([
    ['zh', '已过期', '确认仍在招聘可重新展示'],
    ['en', 'Expired', 'confirm still hiring to list it again'],
  ] as const)('shop 3 sees its posting confirmed 31 days ago as expired, with the way to list it again (%s)', async (lang, state, hint) => {
    const { page, context, errors } = await phone(browser)
    if (lang === 'en') await context.addInitScript((v) => window.localStorage.setItem('lang', v), LANG_EN)
    await page.goto(`${BASE()}/pages/index/index`)
    await page.evaluate((tok) => window.localStorage.setItem('token', JSON.stringify({ data: tok })), token)
    await page.goto(`${BASE()}/pages/store/jobs`)
    await settled(page)
    const expired = page.locator('.store-job--expired:visible', { hasText: '美甲师（已过期）' })
    await expired.waitFor({ timeout: 15000 })
    expect(await expired.locator('.store-job__state').textContent()).toBe(state)
    expect(await expired.locator('.store-job__expires').textContent()).toContain(hint)
    await look(page, `expired-${lang}`)
    expect(errors).toEqual([])
    await context.close()
  })
})
