/** Issue 24: every province, city and district of the address form's regions has its English name. */
import { REGIONS } from '../../server/domain/address/regions'
import { REGION_EN, addressLine, regionLine, regionName } from '../../src/contract/regionNames'

it('every region has an English name, in Latin letters', () => {
  const names = Object.entries(REGIONS).flatMap(([p, cities]) => [p, ...Object.entries(cities).flatMap(([c, ds]) => [c, ...ds])])
  expect(names.filter((n) => !REGION_EN[n])).toEqual([])
  for (const n of names) expect(REGION_EN[n]).toMatch(/^[A-Za-z' -]+$/)
})

it('reads a region in the shopper’s language; Chinese stays as stored', () => {
  expect(regionName('zh-CN', '南山区')).toBe('南山区')
  expect(regionName('en', '南山区')).toBe('Nanshan District')
  expect(regionLine('zh-CN', '广东省', '深圳市', '福田区')).toBe('广东省 深圳市 福田区')
  expect(regionLine('en', '广东省', '深圳市', '福田区')).toBe('Futian District, Shenzhen, Guangdong')
  expect(regionLine('en', '上海市', '上海市', '浦东新区')).toBe('Pudong New Area, Shanghai')
})

it('writes a delivery address as one line: the region in the shopper’s language, the street as typed', () => {
  const address = { province: '广东省', city: '深圳市', district: '南山区', detail: '科技园 1 号' }
  expect(addressLine('zh-CN', address)).toBe('广东省深圳市南山区科技园 1 号')
  expect(addressLine('en', address)).toBe('科技园 1 号, Nanshan District, Shenzhen, Guangdong')
})
