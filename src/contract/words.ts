/**
 * How a message's `{name}` placeholders are filled — by the app's `t` (src/core/i18n.ts) and by the server drawing a
 * tab's first screen with the same words (server/hosting/drawing). `{rate:off}`: a price rate in percent (88, as 8.8 折
 * says) as the percentage taken off (12), for English wording ("12% off"); Chinese says 折 with the rate itself.
 */
export function fillWords(text: string, params: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)(:off)?\}/g, (m, name: string, off?: string) => (name in params ? (off ? percentOff(params[name]) : String(params[name])) : m))
}

function percentOff(rate: string | number): string {
  const n = Number(rate)
  return Number.isFinite(n) ? String(Math.round((100 - n) * 10) / 10) : String(rate)
}
