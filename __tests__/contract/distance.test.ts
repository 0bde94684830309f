import { distanceMeters, formatDistance } from '@/contract/distance'

describe('distances as a shopper reads them', () => {
  it('metres under a kilometre, one decimal of km up to 100 km, whole km beyond', () => {
    expect(formatDistance(0)).toBe('0 m')
    expect(formatDistance(349.6)).toBe('350 m')
    expect(formatDistance(999)).toBe('999 m')
    expect(formatDistance(1000)).toBe('1.0 km')
    expect(formatDistance(2449)).toBe('2.4 km')
    expect(formatDistance(2450)).toBe('2.5 km')
    expect(formatDistance(99_949)).toBe('99.9 km')
    expect(formatDistance(123_456)).toBe('123 km')
  })

  it('great-circle metres between two points (Shenzhen → Guangzhou ≈ 104 km; one point to itself 0)', () => {
    const sz = { lat: 22.5431, lng: 114.0579 }
    const gz = { lat: 23.1291, lng: 113.2644 }
    expect(distanceMeters(sz, sz)).toBe(0)
    const d = distanceMeters(sz, gz)
    expect(d).toBeGreaterThan(100_000)
    expect(d).toBeLessThan(108_000)
    expect(distanceMeters(gz, sz)).toBe(d)
    // 0.001° of latitude is ~111 m anywhere.
    expect(distanceMeters(sz, { lat: sz.lat + 0.001, lng: sz.lng })).toBe(111)
  })
})
