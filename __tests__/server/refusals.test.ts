/**
 * Every refusal carries a stable reason from the contract (src/contract/reasons.ts) and the server writes its msg from
 * that reason in the shopper's language: an English-speaking shopper who types a wrong code, spends under a coupon's
 * minimum or sends a bad address reads why in English, and the app decides by `reason`, never by the words.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { REASONS, isReason, reasonText, type Reason } from '../../src/contract/reasons'
import { startServer, type TestServer } from './helpers'

const CJK = /[\u4e00-\u9fff]/
const ROOT = path.join(__dirname, '..', '..')

const list = (dir: string): string[] =>
  fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? list(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []))
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)(?::\w+)?\}/g)].map((m) => m[1]))].sort()

describe('the reasons of the contract', () => {
  const entries = Object.entries(REASONS) as Array<[Reason, { zh: string; en: string }]>

  it('every reason is snake_case with words in both languages and the same {params} in each', () => {
    expect(entries.length).toBeGreaterThan(110)
    const wrong = entries.filter(([key, w]) => !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(key) || !CJK.test(w.zh) || CJK.test(w.en) || !/\S/.test(w.en) || placeholders(w.zh).join() !== placeholders(w.en).join())
    expect(wrong).toEqual([])
  })

  it('a reason is filled from its params in the asked language', () => {
    expect(reasonText('coupon_min_spend', 'zh', { min: '50.00' })).toBe('满 ¥50.00 可用')
    expect(reasonText('coupon_min_spend', 'en', { min: '50.00' })).toBe('This coupon needs a minimum spend of ¥50.00')
    expect(reasonText('limit_per_person', 'en', { limit: 2 })).toBe('At most 2 per person')
    expect(isReason('order_not_found')).toBe(true)
    expect(isReason('订单不存在')).toBe(false)
    expect(isReason('toString')).toBe(false)
  })

  it('every reason is used by the server or the contract (none left over), and docs/api.md names each', () => {
    const code = [...list('server'), ...list('src/contract')]
      .filter((f) => f !== 'src/contract/reasons.ts')
      .map(read)
      .join('\n')
    expect(entries.map(([key]) => key).filter((key) => !code.includes(`'${key}'`))).toEqual([])
    const docs = read('docs/api.md')
    expect(entries.map(([key]) => key).filter((key) => !docs.includes(`\`${key}\``))).toEqual([])
  })
})

/** Chinese texts of the server and the contract that are not refusals, with why. */
const NOT_REFUSALS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\s*(ALTER|CREATE|UPDATE|INSERT|SELECT)\b/, 'SQL (migrations, the deleted-user row)'],
  [/^<!doctype html>/i, 'the sandbox cashier page (both languages in it)'],
  [/^一卡通\$\{card\.name\}$/, "a card order's title (names.ts: cardTitleIn)"],
  [/^会员\$\{/, 'a default nickname (names.ts: nicknameIn)'],
  [/^(运费|配送费|打包费)$/, "an order line's label (data of the order, not a refusal)"],
  [/^(开通会员 买单享折扣|限时秒杀 每日三场|好店加油 每升立减|加油站)$/, "Home's banners and a business class (names.ts)"],
  [/^沙箱：商家拒绝退款$/, "the sandbox's default refusal reason (a merchant's words, stored as written)"],
  [/^(顺丰速运|中通快递|圆通速递|京东物流|中国邮政 EMS)$/, "the carriers' names (shipping.ts, [zh, en] pairs)"],
  [/^(商家已发货，等待\{carrier\}揽收|\{carrier\}已揽收|运输中，快件已发往收件城市转运中心|派送中，快递员正在为您派件|已签收，感谢使用\{carrier\}|已确认收货，订单完成)$/, "a parcel's events (shipping.ts, [zh, en] pairs)"],
]

/** Demo data and names the system defines (keyed by their Chinese on purpose), and the words of the app's screens. */
const DATA_OR_WORDS = new Set(['src/contract/reasons.ts', 'src/contract/words.ts', 'server/domain/names.ts', 'server/domain/address/regions.ts', 'server/domain/address/districtCentres.ts', 'server/domain/address/districtReach.ts', 'src/contract/searchWords.ts', 'src/contract/regionNames.ts', 'server/demo/artwork.ts', 'server/demo/assets.ts', 'src/contract/homeScreen.ts', 'src/contract/accountWords.ts', 'src/contract/ordersWords.ts', 'src/contract/cardWords.ts',
  // The reasons a store picks from its list, in both languages (issue 39: stored as codes, worded for the reader).
  'src/contract/storeReasons.ts',
  // The data of a subscription message as WeChat would show it (its templates are registered in Chinese).
  'server/domain/takeout/subscriptions.ts', 'server/domain/discountDay/message.ts',
  // The reference data every database gets (cities, business classes, categories: names the system defines, issue 40), and
  // the labels of Alipay's Chinese console the doctor points the operator to (never an answer to a shopper).
  'server/storage/reference.ts', 'server/providers/checks/alipay.ts',
  // The finance CSV's header and kinds in the operator's language (issue 45: a file's words, never an answer's).
  'server/domain/console/money.ts'])

/** Every string and template literal with Chinese in it. */
function chineseTexts(file: string): Array<{ text: string; at: string }> {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true)
  const found: Array<{ text: string; at: string }> = []
  const visit = (node: ts.Node) => {
    let text: string | null = null
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text
    else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((s) => `\${${s.expression.getText(source)}}${s.literal.text}`).join('')
    if (text !== null && CJK.test(text)) found.push({ text, at: `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}` })
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the server refuses by reason only', () => {
  const files = [...list('server'), ...list('src/contract')].filter((f) => !DATA_OR_WORDS.has(f) && !/^server\/demo\/seed/.test(f))

  it('no refusal is built from words: new BizError( only in server/domain/refusal.ts (refuse)', () => {
    const built = list('server')
      .filter((f) => f !== 'server/domain/refusal.ts')
      .flatMap((f) => read(f).split('\n').map((line, i) => ({ line, at: `${f}:${i + 1}` })))
      .filter(({ line }) => /new BizError\(/.test(line))
      .map(({ at, line }) => `${at}  ${line.trim()}`)
    expect(built).toEqual([])
  })

  it('no Chinese refusal is written in the server or the contract (the words live in REASONS)', () => {
    const texts = files.flatMap(chineseTexts)
    expect(texts.length).toBeGreaterThan(10) // the scan reads something
    const left = texts.filter((t) => !NOT_REFUSALS.some(([re]) => re.test(t.text))).map((t) => `${t.at}  ${t.text}`)
    expect(left).toEqual([])
  })

  it("the contract's shopper messages are reasons", () => {
    const messages = ['order', 'address', 'mall'].flatMap((f) => [...read(`src/contract/${f}.ts`).matchAll(/shopperSays\('(\w+)'\)/g)].map((m) => m[1]))
    expect(messages).toEqual(expect.arrayContaining(['shop_required', 'cart_empty', 'recipient_required', 'carrier_required']))
    expect(messages.filter((m) => !isReason(m))).toEqual([])
  })
})

describe('answers of a running server: the reason, and msg in the asked language', () => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startServer()
    token = (await s.login('13600005678')).token
  })
  afterAll(() => s.close())

  type Body = { code: number; msg: string; data: unknown; reason?: string; params?: Record<string, unknown> }
  const both = async (ask: (lang: 'zh' | 'en') => Promise<{ body: Body }>) => ({ zh: (await ask('zh')).body, en: (await ask('en')).body })

  it('a wrong login code: sms_code_wrong; Chinese with zh or no lang', async () => {
    const phone = '13600005679'
    await s.call('POST', 'Captcha/sendSmsCaptcha', { phone })
    const code = (await s.call<{ list: Array<{ code: string }> }>('GET', 'sandbox/smsOutbox', { phone })).body.data.list[0].code
    const wrong = code === '000000' ? '111111' : '000000'
    const { zh, en } = await both((lang) => s.call('POST', 'wechat/bind', { phone, code: wrong, lang }))
    expect(en).toEqual({ code: 0, msg: 'Wrong code', data: null, reason: 'sms_code_wrong' })
    expect(zh).toEqual({ code: 0, msg: '验证码错误', data: null, reason: 'sms_code_wrong' })
    expect((await s.call('POST', 'wechat/bind', { phone, code: wrong })).body).toMatchObject({ msg: '验证码错误', reason: 'sms_code_wrong' })
  })

  it('not logged in (code -1) and a token that is no longer valid', async () => {
    const { zh, en } = await both((lang) => s.call('GET', 'personal.order/read', { id: 1, lang }))
    expect(en).toMatchObject({ code: -1, msg: 'Please log in first', reason: 'login_required' })
    expect(zh).toMatchObject({ code: -1, msg: '请先登录', reason: 'login_required' })
    const expired = await s.call('GET', 'personal.order/index', { lang: 'en' }, 'no-such-token')
    expect(expired.body).toMatchObject({ code: -1, msg: 'Your session has expired. Please log in again', reason: 'session_expired' })
  })

  it("an unknown order and another shopper's order read the same: order_not_found (a GET, lang in the query)", async () => {
    const { zh, en } = await both((lang) => s.call('GET', 'personal.order/read', { id: 999999, lang }, token))
    expect(en).toMatchObject({ code: 0, msg: 'This order does not exist', reason: 'order_not_found' })
    expect(zh).toMatchObject({ code: 0, msg: '订单不存在', reason: 'order_not_found' })
    const mine = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'bill', shop_id: 1, amount: 1000, client_request_id: 'refusals-1' }, token)
    expect(mine.body.code).toBe(1)
    const other = (await s.login('13600005680')).token
    const theirs = await s.call('GET', 'personal.order/read', { id: mine.body.data.order_info.id, lang: 'en' }, other)
    expect(theirs.body).toEqual(en)
  })

  it("a coupon's minimum spend: coupon_min_spend with its params, the figure in both languages", async () => {
    const claimed = await s.call<{ coupon: { id: number } }>('POST', 'personal.coupon/claim', { coupon_id: 1 }, token)
    expect(claimed.body.code).toBe(1)
    const { zh, en } = await both((lang) => s.call('POST', 'personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 1000, coupon_id: claimed.body.data.coupon.id, lang }, token))
    expect(en).toEqual({ code: 0, msg: 'This coupon needs a minimum spend of ¥50.00', data: null, reason: 'coupon_min_spend', params: { min: '50.00' } })
    expect(zh).toEqual({ code: 0, msg: '满 ¥50.00 可用', data: null, reason: 'coupon_min_spend', params: { min: '50.00' } })
  })

  it("a contract's validation message is its reason; any other validation is invalid_request with the detail", async () => {
    const address = { name: '', mobile: '13600005678', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园 1 号' }
    const { zh, en } = await both((lang) => s.call('POST', 'personal.address/save', { ...address, lang }, token))
    expect(en).toMatchObject({ code: 0, msg: "Please enter the recipient's name", reason: 'recipient_required' })
    expect(zh).toMatchObject({ code: 0, msg: '请填写收货人', reason: 'recipient_required' })
    const extra = await both((lang) => s.call('POST', 'personal.order/preCreate', { kind: 'bill', shop_id: 1, amount: 1000, card_id: 1, lang }, token))
    expect(extra.en).toMatchObject({ code: 0, reason: 'invalid_request', params: { detail: 'card_id — not a field of bill orders' }, msg: 'Invalid request: card_id — not a field of bill orders' })
    expect(extra.zh).toMatchObject({ code: 0, reason: 'invalid_request', msg: '参数错误：card_id — not a field of bill orders' })
  })

  it("a card level's name in a refusal is answered in the asked language", async () => {
    const gold = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { kind: 'card', card_id: 2, client_request_id: 'refusals-gold' }, token)
    expect(gold.body.code).toBe(1)
    await s.call('POST', 'personal.order/payparam', { id: gold.body.data.order_info.id, platform: 'h5', pay_channel: 6 }, token)
    expect((await s.call('POST', 'sandbox/confirmPay', { id: gold.body.data.order_info.id, result: 'success' })).body.code).toBe(1)
    const { zh, en } = await both((lang) => s.call('POST', 'personal.order/preCreate', { kind: 'card', card_id: 1, lang }, token))
    expect(zh).toMatchObject({ reason: 'card_lower_level', msg: '你的金卡还在有效期内，不能购买较低等级的银卡；可续费金卡或升级' })
    expect(en).toMatchObject({ reason: 'card_lower_level', msg: 'Your Gold card is still valid, so a lower level (Silver card) cannot be bought. Renew your Gold card or upgrade' })
  })

  it('a malformed body and an unknown endpoint: malformed_request, endpoint_not_found (lang in the query)', async () => {
    const broken = async (lang: 'zh' | 'en') => ({ body: (await s.app.inject({ method: 'POST', url: `/api/personal.order/preCreate?lang=${lang}`, headers: { 'content-type': 'application/json', 'access-token': token }, payload: '{"kind":' })).json() as Body })
    const { zh, en } = await both(broken)
    expect(en).toEqual({ code: 0, msg: 'The request is malformed', data: null, reason: 'malformed_request' })
    expect(zh).toEqual({ code: 0, msg: '请求格式错误', data: null, reason: 'malformed_request' })
    const unknown = async (lang: 'zh' | 'en') => {
      const res = await s.app.inject({ method: 'GET', url: `/api/no.such/endpoint?lang=${lang}` })
      expect(res.statusCode).toBe(404)
      return { body: res.json() as Body }
    }
    const missing = await both(unknown)
    expect(missing.en).toEqual({ code: 0, msg: 'No such endpoint', data: null, reason: 'endpoint_not_found' })
    expect(missing.zh).toEqual({ code: 0, msg: '接口不存在', data: null, reason: 'endpoint_not_found' })
  })

  it('a successful answer is left alone (msg ok, no reason)', async () => {
    const res = await s.call('GET', 'personal.order/index', { page: 1, lang: 'en' }, token)
    expect(res.body).toMatchObject({ code: 1, msg: 'ok' })
    expect(res.body).not.toHaveProperty('reason')
  })
})
