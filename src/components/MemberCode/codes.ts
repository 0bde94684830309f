import CODE128 from 'jsbarcode/bin/barcodes/CODE128/CODE128_AUTO'
import qrcode from 'qrcode-generator'

/**
 * QR code as a GIF data URL. qrcode-generator draws the GIF in pure JS (no canvas), so the same
 * `<Image>` works in the mini-program and on H5.
 */
export function qrDataUrl(text: string, cellSize = 6, margin = 8): string {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  return qr.createDataURL(cellSize, margin)
}

export interface Bar {
  dark: boolean
  /** Width in modules. */
  width: number
}

/**
 * Code 128 bars for a till scanner (JsBarcode's encoder, without its DOM renderer): runs of equal
 * modules, so the barcode is drawn as a row of blocks on both platforms.
 */
export function code128Bars(text: string): Bar[] {
  const { data } = new CODE128(text, {}).encode()
  const bars: Bar[] = []
  for (const ch of data) {
    const dark = ch === '1'
    const last = bars[bars.length - 1]
    if (last && last.dark === dark) last.width += 1
    else bars.push({ dark, width: 1 })
  }
  return bars
}
