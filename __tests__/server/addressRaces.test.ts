import { MAX_ADDRESSES, type Address } from '../../src/contract/address'
import { startServer, type TestServer } from './helpers'

// One shopper's address book edited from several devices at once: never more than MAX_ADDRESSES, never two defaults.
// On SQLite the saves are serial (BEGIN IMMEDIATE); with TEST_DATABASE_URL the address book is on PostgreSQL, where
// they overlap for real and wait on the shopper's row lock (server/domain/address/addressBook.ts, storage/repo/addresses.ts lockBook).

let s: TestServer
let token: string
beforeEach(async () => {
  s = await startServer()
  token = (await s.login('13400000011')).token
})
afterEach(() => s.close())

const addr = { name: '张三', mobile: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南区 1 栋' }
type Answer = { status: number; body: { code: number; msg: string; reason?: string; data: { info: Address } } }
const save = (body: Record<string, unknown>) => s.call<{ info: Address }>('POST', 'personal.address/save', body, token) as Promise<Answer>
const list = async () => (await s.call<{ list: Address[] }>('GET', 'personal.address/index', {}, token)).body.data.list

describe('address book under concurrent saves', () => {
  it(`adds at most ${MAX_ADDRESSES}, each save answered, one default`, async () => {
    const answers = await Promise.all(Array.from({ length: MAX_ADDRESSES + 4 }, (_, i) => save({ ...addr, name: `收件人${i}`, is_default: i % 3 === 0 })))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const saved = answers.filter((a) => a.body.code === 1)
    expect(saved).toHaveLength(MAX_ADDRESSES)
    expect(answers.filter((a) => a.body.code !== 1).map((a) => a.body.reason)).toEqual(Array(4).fill('address_limit'))
    const book = await list()
    expect(book).toHaveLength(MAX_ADDRESSES)
    expect(book.filter((a) => a.is_default)).toHaveLength(1)
  })

  it('setting defaults at once leaves exactly one default', async () => {
    const ids: number[] = []
    for (let i = 0; i < 6; i++) ids.push((await save({ ...addr, name: `收件人${i}` })).body.data.info.id)
    const answers = await Promise.all(ids.map((id) => s.call('POST', 'personal.address/setDefault', { id }, token)))
    expect(answers.map((a) => a.body.code)).toEqual(Array(6).fill(1))
    expect((await list()).filter((a) => a.is_default)).toHaveLength(1)
  })
})
