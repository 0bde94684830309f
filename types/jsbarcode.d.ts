// JsBarcode's Code 128 encoder, used without the library's DOM renderer (src/components/MemberCode/codes.ts).
declare module 'jsbarcode/bin/barcodes/CODE128/CODE128_AUTO' {
  export default class CODE128 {
    constructor(data: string, options: Record<string, unknown>)
    valid(): boolean
    encode(): { data: string; text: string }
  }
}
