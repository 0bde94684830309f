/**
 * A refusal comes in the shopper's language: an English-speaking shopper who types a wrong code, buys past a limit
 * or sends a bad address reads why in English (server/refusals.ts, applied where every /api answer leaves).
 * The first part reads every Chinese text the server and the contract write, so a new refusal without English fails.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { refusalIn } from '../../server/refusals'
import { startServer, type TestServer } from './helpers'

const CJK = /[\u4e00-\u9fff]/
const ROOT = path.join(__dirname, '..', '..')

/** Chinese texts of the server and the contract that are not refusals, with why. */
const NOT_REFUSALS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\s*(ALTER|CREATE|UPDATE|INSERT|SELECT)\b/, 'SQL (migrations, the deleted-user row)'],
  [/^<!doctype html>/i, 'the sandbox cashier page (both languages in it)'],
  [/^一卡通\$\{card\.name\}$/, "a card order's title (names.ts: cardTitleIn)"],
  [/^会员\$\{/, 'a default nickname (names.ts: nicknameIn)'],
  [/^(运费|配送费|打包费)$/, "an order line's label (data of the order, not a refusal)"],
  [/^(开通会员 买单享折扣|限时秒杀 每日三场|好店加油 每升立减|加油站)$/, "Home's banners and a business class (names.ts)"],
  [/^(请求头或请求地址过长|请求超时，请重试)$/, "Node's parser refused the bytes (app.ts clientErrorHandler): no request, so no lang to answer in"],
  [/^沙箱：商家拒绝退款$/, "the sandbox's default refusal reason (a merchant's words, stored as written)"],
]

/** Files whose Chinese was written with its English beside it ([zh, en] pairs), or is demo data and names. */
const BILINGUAL_OR_DATA = new Set(['server/store.ts', 'server/shipping.ts', 'server/names.ts', 'server/regions.ts', 'server/artwork.ts', 'server/assets.ts', 'src/contract/homeScreen.ts', 'src/contract/accountWords.ts', 'src/contract/ordersWords.ts', 'src/contract/cardWords.ts'])

function sourceFiles(): string[] {
  const list = (dir: string): string[] =>
    fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? list(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []))
  return [...list('server'), ...list('src/contract')].filter((f) => !BILINGUAL_OR_DATA.has(f) && !/^server\/seed/.test(f))
}

/** Every string and template literal with Chinese in it; a template's holes become "12". */
function chineseTexts(file: string): Array<{ text: string; sample: string; at: string }> {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true)
  const found: Array<{ text: string; sample: string; at: string }> = []
  const visit = (node: ts.Node) => {
    let text: string | null = null
    let sample: string | null = null
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = sample = node.text
    else if (ts.isTemplateExpression(node)) {
      text = node.head.text + node.templateSpans.map((s) => `\${${s.expression.getText(source)}}${s.literal.text}`).join('')
      sample = node.head.text + node.templateSpans.map((s) => `12${s.literal.text}`).join('')
    }
    if (text !== null && sample !== null && CJK.test(text)) found.push({ text, sample, at: `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}` })
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('every refusal the server or the contract writes has its English', () => {
  const texts = sourceFiles().flatMap(chineseTexts)
  const refusals = texts.filter((t) => !NOT_REFUSALS.some(([re]) => re.test(t.text)))

  it('reads the refusals of the server and the contract (the list is not empty)', () => {
    expect(refusals.length).toBeGreaterThan(90)
    expect(refusals.map((r) => r.text)).toEqual(expect.arrayContaining(['已抢光', '验证码错误', '请选择收货地址', '每人限购 ${prod.limit_per_user} 件']))
  })

  it('none is left in Chinese for an English-speaking shopper', () => {
    const missing = refusals.filter((r) => CJK.test(refusalIn('en', r.sample))).map((r) => `${r.at}  ${r.text}`)
    expect(missing).toEqual([])
  })

  it('a Chinese-speaking shopper reads them as written', () => {
    for (const r of refusals) expect(refusalIn('zh', r.sample)).toBe(r.sample)
  })

  it('the numbers in a refusal stay in the English', () => {
    expect(refusalIn('en', '每人限购 2 件')).toBe('At most 2 per person')
    expect(refusalIn('en', '库存仅剩 3 件')).toBe('Only 3 left in stock')
    expect(refusalIn('en', '满 ¥50.00 可用')).toBe('This coupon needs a minimum spend of ¥50.00')
    expect(refusalIn('en', '油价已调整：92# 现为 ¥7.35/升，请确认后再支付')).toBe('The price of 92# has changed to ¥7.35 per litre. Please confirm before paying')
    expect(refusalIn('en', '参数错误：phone — Invalid')).toBe('Invalid request: phone — Invalid')
  })
})

describe('answers of a running server', () => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startServer()
    token = (await s.login('13600005678')).token
  })
  afterAll(() => s.close())

  it('a wrong login code: English with lang en, Chinese with zh or no lang', async () => {
    const phone = '13600005679'
    await s.call('POST', 'Captcha/sendSmsCaptcha', { phone })
    const code = (await s.call<{ list: Array<{ code: string }> }>('GET', 'sandbox/smsOutbox', { phone })).body.data.list[0].code
    const wrong = code === '000000' ? '111111' : '000000'
    const en = await s.call('POST', 'wechat/bind', { phone, code: wrong, lang: 'en' })
    expect(en.body).toMatchObject({ code: 0, msg: 'Wrong code', data: null })
    const zh = await s.call('POST', 'wechat/bind', { phone, code: wrong, lang: 'zh' })
    expect(zh.body).toMatchObject({ code: 0, msg: '验证码错误' })
    const none = await s.call('POST', 'wechat/bind', { phone, code: wrong })
    expect(none.body.msg).toBe('验证码错误')
  })

  it('not logged in (code -1), an unknown order (a GET, lang in the query) and a validation message of the contract', async () => {
    const anon = await s.call('GET', 'personal.order/read', { id: 1, lang: 'en' })
    expect(anon.body).toMatchObject({ code: -1, msg: 'Please log in first' })
    const unknown = await s.call('GET', 'personal.order/read', { id: 999999, lang: 'en' }, token)
    expect(unknown.body).toMatchObject({ code: 0, msg: 'This order does not exist' })
    const zhUnknown = await s.call('GET', 'personal.order/read', { id: 999999, lang: 'zh' }, token)
    expect(zhUnknown.body.msg).toBe('订单不存在')
    const address = await s.call('POST', 'personal.address/save', { name: '', mobile: '13600005678', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园 1 号', lang: 'en' }, token)
    expect(address.body.code).toBe(0)
    expect(address.body.msg).toBe("Please enter the recipient's name")
  })

  it('a successful answer is left alone (msg ok)', async () => {
    const res = await s.call('GET', 'personal.order/index', { page: 1, lang: 'en' }, token)
    expect(res.body).toMatchObject({ code: 1, msg: 'ok' })
  })
})
