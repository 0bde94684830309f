import type { Address } from '../../src/contract/address'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let token: string
beforeEach(async () => {
  s = await startServer()
  token = (await s.login('13400000001')).token
})
afterEach(() => s.close())

const addr = { name: '张三', mobile: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南区 1 栋' }
const save = (body: Record<string, unknown>, tok = token) => s.call<{ info: Address }>('POST', 'personal.address/save', body, tok)
const list = (tok = token) => s.call<{ list: Address[] }>('GET', 'personal.address/index', {}, tok)

describe('addresses', () => {
  it('the first address is the default; set default moves the flag; edits keep it', async () => {
    const a = (await save(addr)).body.data.info
    expect(a.is_default).toBe(true)
    const b = (await save({ ...addr, name: '李四' })).body.data.info
    expect(b.is_default).toBe(false)
    await s.call('POST', 'personal.address/setDefault', { id: b.id }, token)
    expect((await list()).body.data.list.map((x) => [x.name, x.is_default])).toEqual([
      ['李四', true],
      ['张三', false],
    ])
    const edited = (await save({ ...addr, id: b.id, name: '李四四' })).body.data.info
    expect(edited).toMatchObject({ id: b.id, name: '李四四', is_default: true })
  })

  it('deleting the default hands the flag on', async () => {
    const a = (await save(addr)).body.data.info
    const b = (await save({ ...addr, name: '李四' })).body.data.info
    await s.call('POST', 'personal.address/delete', { id: a.id }, token)
    expect((await list()).body.data.list).toEqual([expect.objectContaining({ id: b.id, is_default: true })])
  })

  it.each([
    [{ ...addr, mobile: '1234' }, /11-digit/],
    [{ ...addr, name: '' }, /收货人/],
    [{ ...addr, detail: '短' }, /至少 4 个字/],
    [{ ...addr, district: '' }, /省市区/],
    [{ ...addr, name: 'x'.repeat(21) }, /too long/],
  ])('refuses bad input with a readable message', async (body, msg) => {
    const res = await save(body)
    expect(res.body.code).toBe(0)
    expect(res.body.msg).toMatch(msg)
  })

  it("another shopper's address is not found", async () => {
    const a = (await save(addr)).body.data.info
    const other = (await s.login('13400000002')).token
    expect((await save({ ...addr, id: a.id }, other)).body.msg).toBe('地址不存在')
    expect((await s.call('POST', 'personal.address/delete', { id: a.id }, other)).body.msg).toBe('地址不存在')
    expect((await s.call('POST', 'personal.address/setDefault', { id: a.id }, other)).body.msg).toBe('地址不存在')
    expect((await list(other)).body.data.list).toEqual([])
  })
})

describe('regions', () => {
  it('serves the region tree and refuses an address outside it', async () => {
    const tree = await s.call<{ list: Array<{ name: string; children: Array<{ name: string; children: Array<{ name: string }> }> }> }>('GET', 'website.hui_china_city/regionTree')
    const gd = tree.body.data.list.find((p) => p.name === '广东省')
    expect(gd?.children.find((c) => c.name === '深圳市')?.children.map((d) => d.name)).toContain('南山区')
    expect((await save({ ...addr, district: '火星区' })).body.msg).toBe('暂不支持该地区')
  })
})
