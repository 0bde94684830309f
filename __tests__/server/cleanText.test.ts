/**
 * Clean text everywhere (issue 43, item 4; src/contract/common.ts oneLine / lines, docs/api.md "Text fields"). Every
 * text field of every request refuses NUL and the other C0 controls, DEL, the C1 controls and the bidirectional
 * overrides and isolates — newlines only where a field is several lines by design — with one reason
 * (`text_control_characters`, its `field` named), on either engine (PostgreSQL refuses 0x00 in text: a NUL that
 * reached it was a 5xx). Found by walking the contract, not by listing routes. And `npm run admin` shows whatever
 * non-printable text the database already holds escaped, one row per application.
 */
import type { z } from 'zod'
import { SCHEMAS } from '../../src/contract/schemas'
import { LINES_TEXT, ONE_LINE_TEXT, TEXT_REFUSAL } from '../../src/contract/common'
import { staffPhone } from '../../server/demo/seed'
import { startServer, type TestServer } from './helpers'
import { runAdmin } from './admin'

/** Every character refused everywhere: NUL, the other C0 controls (tab, CR among them), DEL, C1, bidi embeddings, overrides and isolates. */
const REFUSED = ['\u0000', '\u0001', '\u0007', '\u0008', '\t', '\u000b', '\u000c', '\r', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009b', '\u009f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']
/** The fields several lines long by design (the decision of docs/api.md "Text fields"): a newline is kept there. */
const MULTI_LINE = [
  'hui_shanghu.store_job/answerReports .answer',
  'hui_shanghu.store_job/save .benefits',
  'hui_shanghu.store_job/save .requirements',
  'hui_shanghu.store_menu/saveDish .description',
  'hui_shanghu.store_profile/intro .html',
  'personal.job/report .note',
  'personal.order/create .remark',
  'personal.order/preCreate .remark',
  'personal.order/refund .detail',
  'personal.takeout/rate .words',
]

type Leaf = { at: string; leaf: z.ZodString }
/** The text leaves of a schema (a pipeline's output only: what it finally takes). */
function texts(t: z.ZodTypeAny, at: string, out: Leaf[], seen = new Set<z.ZodTypeAny>()): Leaf[] {
  if (seen.has(t)) return out
  seen.add(t)
  const def = t._def as { typeName: string } & Record<string, unknown>
  const inner = (x: unknown, where = at) => texts(x as z.ZodTypeAny, where, out, seen)
  switch (def.typeName) {
    case 'ZodString':
      out.push({ at, leaf: t as z.ZodString })
      break
    case 'ZodObject':
      for (const [k, v] of Object.entries((t as z.AnyZodObject).shape)) inner(v, `${at}.${k}`)
      break
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodCatch':
    case 'ZodReadonly':
      inner(def.innerType)
      break
    case 'ZodBranded':
      inner(def.type)
      break
    case 'ZodEffects':
      inner(def.schema)
      break
    case 'ZodPipeline':
      inner(def.out)
      break
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      for (const o of def.options instanceof Map ? [...def.options.values()] : (def.options as unknown[])) inner(o)
      break
    case 'ZodArray':
      inner(def.type, `${at}[]`)
      break
    case 'ZodRecord':
      inner(def.valueType, `${at}{}`)
      break
    case 'ZodIntersection':
      inner(def.left)
      inner(def.right)
      break
    case 'ZodLazy':
      inner((def.getter as () => unknown)())
      break
    default:
      break
  }
  return out
}
type Check = { kind: string; regex?: RegExp; message?: string }
const checksOf = (leaf: z.ZodString) => leaf._def.checks as Check[]
/** A field whose whole value a pattern spells out (`^\d{6}$`, `^/uploads/…$`): no character outside it gets in. */
const isFormat = (c: Check) => c.kind === 'regex' && !!c.regex && /^\^.*\$$/.test(c.regex.source) && !/\[\^|\\[SWD]|(^|[^\\])\./.test(c.regex.source)

describe('every text field of every request (the contract, walked)', () => {
  const leaves = Object.entries(SCHEMAS).flatMap(([path, s]) => texts((s as { req: z.ZodTypeAny }).req, '', []).map((l) => ({ ...l, at: `${path} ${l.at}` })))

  it('goes through oneLine or lines (src/contract/common.ts), or is a format a pattern spells out', () => {
    expect(leaves.length).toBeGreaterThan(60)
    const cleanOf = (leaf: z.ZodString) => checksOf(leaf).find((c) => c.kind === 'regex' && (c.regex === ONE_LINE_TEXT || c.regex === LINES_TEXT) && c.message === TEXT_REFUSAL)
    expect(leaves.filter((l) => !cleanOf(l.leaf) && !checksOf(l.leaf).some(isFormat)).map((l) => l.at)).toEqual([])
    // Several lines: exactly the fields decided so.
    expect([...new Set(leaves.filter((l) => cleanOf(l.leaf)?.regex === LINES_TEXT).map((l) => l.at))].sort()).toEqual(MULTI_LINE)
  })

  it('each refuses every control, DEL, C1 and bidi override or isolate, a one-line field a newline too; letters, emoji and spaces pass', () => {
    for (const ch of REFUSED) {
      expect([ONE_LINE_TEXT.test(`a${ch}b`), LINES_TEXT.test(`a${ch}b`)]).toEqual([false, false])
    }
    expect([ONE_LINE_TEXT.test('a\nb'), LINES_TEXT.test('a\nb\n\nc')]).toEqual([false, true])
    for (const fine of ['张三 Zhang', 'Café 早餐 🍜', 'A\u00a0B', '\u200d', '(¥12.50)', '"quoted" \\ back']) expect([ONE_LINE_TEXT.test(fine), LINES_TEXT.test(fine)]).toEqual([true, true])
    // A format field refuses them by its pattern.
    const formats = leaves.filter((l) => checksOf(l.leaf).some(isFormat))
    expect(formats.length).toBeGreaterThan(10)
    for (const l of formats) for (const ch of REFUSED) expect(checksOf(l.leaf).filter(isFormat).some((c) => c.regex?.test(`1${ch}1`))).toBe(false)
  })
})

describe('on the server', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer()
  })
  afterAll(() => s.close())

  it('NUL in a name is the refusal with its reason and field, never a 5xx (PostgreSQL refuses 0x00 in text)', async () => {
    const { token, userId } = await s.login('13700004341')
    const address = { name: 'Li\u0000Lei', mobile: '13600001111', province: '广东省', city: '深圳市', district: '福田区', detail: '福华路 1 号' }
    const saved = await s.call('POST', 'personal.address/save', { ...address, lang: 'en' }, token)
    expect({ status: saved.status, body: saved.body }).toEqual({
      status: 200,
      body: expect.objectContaining({ code: 0, reason: 'text_control_characters', params: { field: 'name' }, msg: expect.stringMatching(/control or text-direction characters/) }),
    })
    // A right-to-left override in the street, a newline in the name: the same.
    for (const bad of [{ detail: '福华路 1 号\u202e' }, { name: 'Li\nLei' }]) {
      expect((await s.call('POST', 'personal.address/save', { ...address, name: 'Li Lei', ...bad }, token)).body).toMatchObject({ code: 0, reason: 'text_control_characters' })
    }
    expect(await s.rows('SELECT id FROM addresses WHERE user_id = ?', userId)).toEqual([])
    expect((await s.call('POST', 'personal.address/save', { ...address, name: 'Li Lei' }, token)).body.code).toBe(1)
  })

  it("a shop name with an escape sequence is refused; a job's requirements keep their newlines, its title takes none", async () => {
    const u = await s.quickUser('13700004342')
    const form = {
      shop_name: '\u001b[2K\r#3\tapproved',
      class_id: 1,
      contact_name: 'Han',
      mobile: '13700004342',
      city_id: 1,
      district: '南山区',
      address: 'Keyuan Road 77',
      hours: '10:00-22:00',
      discount_rate: 90,
      licence_image: '/uploads/EEEEEEEEEEEEEEEEEEEEEE.jpg',
      storefront_image: '/uploads/FFFFFFFFFFFFFFFFFFFFFF.png',
    }
    await s.uploadedBy(u.token, form)
    expect((await s.call('POST', 'personal.merchant_application/submit', form, u.token)).body).toMatchObject({ code: 0, reason: 'text_control_characters', params: { field: 'shop_name' } })
    expect(await s.rows('SELECT id FROM merchant_applications')).toEqual([])

    const staff = await s.login(staffPhone(1))
    const posting = { title: '理货员', category: 'retail', salary_min: 5000, salary_max: 7000, headcount: 1, hours: '09:00-18:00', requirements: '认真负责\n会用电脑', benefits: '包午餐', contact_name: '王', contact_phone: '13900000000' }
    const saved = await s.call<{ info: { id: number; requirements: string } }>('POST', 'hui_shanghu.store_job/save', posting, staff.token)
    expect(saved.body).toMatchObject({ code: 1, data: { info: { requirements: '认真负责\n会用电脑' } } })
    expect((await s.call('POST', 'hui_shanghu.store_job/save', { ...posting, title: '理货员\n急招' }, staff.token)).body).toMatchObject({ code: 0, reason: 'text_control_characters', params: { field: 'title' } })
  })

  it('npm run admin shows an application stored with escapes in its name on one row, escaped, its city and mobile in place', async () => {
    // Stored before the rule (or by hand): the database may hold such text; the operator's terminal must not obey it.
    const u = await s.quickUser('13700004343')
    const name = '\u001b[2K\r#3\tapproved\u202e\u0085\n'
    await s.run(
      `INSERT INTO merchant_applications (user_id, status, shop_name, class_id, contact_name, mobile, city_id, district, address, hours, discount_rate, licence_image, storefront_image, created_at, updated_at)
       VALUES (?, 'submitted', ?, 1, ?, '13700004343', 1, '南山区', 'Keyuan Road 77', '10:00-22:00', 90, '', '', 0, 0)`,
      u.userId,
      name,
      'Han\u001b]0;owned\u0007',
    )
    const id = (await s.row<{ id: number }>('SELECT id FROM merchant_applications WHERE user_id = ?', u.userId)).id
    const listed = await runAdmin(s.databaseEnv, 'applications')
    expect(listed.code).toBe(0)
    // eslint-disable-next-line no-control-regex -- what the terminal must never get raw
    const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
    expect(UNPRINTABLE.test(listed.out)).toBe(false)
    const rows = listed.out.trimEnd().split('\n')
    expect(rows.map((r) => r.split('\t').length)).toEqual(rows.map(() => 6))
    expect(rows.find((r) => r.startsWith(`#${id}\t`))?.split('\t').slice(0, 5)).toEqual([`#${id}`, 'submitted', '\\u001b[2K\\r#3\\tapproved\\u202e\\u0085\\n', 'city 1', '13700004343'])

    const shown = await runAdmin(s.databaseEnv, 'show', String(id))
    expect(UNPRINTABLE.test(shown.out)).toBe(false)
    expect(JSON.parse(shown.out)).toMatchObject({ id, shop_name: name, contact_name: 'Han\u001b]0;owned\u0007' })
  })
})
