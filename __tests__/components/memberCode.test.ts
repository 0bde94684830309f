import { code128Bars, qrDataUrl } from '@/components/MemberCode/codes'

describe('member codes for the till', () => {
  it('draws a QR code as an image any platform can show', () => {
    const url = qrDataUrl('OCP-100023-1732291200')
    expect(url.startsWith('data:image/gif;base64,')).toBe(true)
    // A different member number gives a different picture.
    expect(qrDataUrl('OCP-100024-1732291200')).not.toBe(url)
  })

  it('encodes Code 128 with the standard start/stop patterns', () => {
    const bars = code128Bars('100023')
    const modules = bars.map((b) => (b.dark ? '1' : '0').repeat(b.width)).join('')
    // Numeric data → Start C (11010011100); every Code 128 symbol ends with the stop pattern 1100011101011.
    expect(modules.startsWith('11010011100')).toBe(true)
    expect(modules.endsWith('1100011101011')).toBe(true)
    // Start + 3 digit pairs + checksum = 5 symbols of 11 modules, + 13 for the stop.
    expect(modules).toHaveLength(5 * 11 + 13)
    expect(bars.every((b) => b.width >= 1 && b.width <= 4)).toBe(true)
  })
})
