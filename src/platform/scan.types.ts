/** What a scan gives: the text of the code, 'cancelled' when the shopper backed out, 'unavailable' when this device cannot scan (type the code instead). */
export type ScanResult = { text: string } | 'cancelled' | 'unavailable'

/** Scanning a QR code or barcode with the camera, behind one interface: weapp `Taro.scanCode`; H5 the camera (or WeChat's JSSDK inside WeChat's browser). */
export interface Scanner {
  /** Whether a camera scan can be offered here at all (else the screen offers typing only). */
  available(): boolean
  scan(): Promise<ScanResult>
}
