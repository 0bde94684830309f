import { emptyAddress, validateAddress, type AddressDraft } from '@/features/address/validate'

const good: AddressDraft = { name: '张三', mobile: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南区 1 栋 101', is_default: false }

describe('address form validation', () => {
  it('a complete address has no errors', () => {
    expect(validateAddress(good)).toEqual({})
  })

  it('an empty form names every missing field', () => {
    expect(validateAddress(emptyAddress())).toEqual({
      name: 'address.error.nameRequired',
      mobile: 'address.error.mobileInvalid',
      region: 'address.error.regionRequired',
      detail: 'address.error.detailTooShort',
    })
  })

  it.each(['1380013800', '138001380001', '23800138000', '1380013800a', '+8613800138000'])('refuses the mobile %s', (mobile) => {
    expect(validateAddress({ ...good, mobile }).mobile).toBe('address.error.mobileInvalid')
  })

  it('counts characters, not bytes, for Chinese names', () => {
    expect(validateAddress({ ...good, name: '欧'.repeat(20) }).name).toBeUndefined()
    expect(validateAddress({ ...good, name: '欧'.repeat(21) }).name).toBe('address.error.nameTooLong')
    expect(validateAddress({ ...good, name: '   ' }).name).toBe('address.error.nameRequired')
  })

  it('needs province, city and district', () => {
    expect(validateAddress({ ...good, district: '' }).region).toBe('address.error.regionRequired')
  })
})
