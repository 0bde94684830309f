import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)

/**
 * One business clock (PRODUCT.md §2): every stored and answered text time ("YYYY-MM-DD HH:mm:ss", no
 * offset) is wall time in this zone, whatever the host's zone — a server running in UTC writes the same
 * texts as one in Shanghai. Instants (expiries, code and session times) are epoch ms. Set BUSINESS_TZ
 * (an IANA name) to move the business; the default is Asia/Shanghai.
 */
export const BUSINESS_TZ = businessZone(process.env.BUSINESS_TZ)

function businessZone(name: string | undefined): string {
  const zone = name?.trim() || 'Asia/Shanghai'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
  } catch {
    throw new Error(`BUSINESS_TZ: unknown time zone "${zone}" (an IANA name such as Asia/Shanghai)`)
  }
  return zone
}

/** An instant (now when not given) in the business zone. */
export const inBusinessZone = (d?: dayjs.Dayjs | Date | number) => dayjs(d).tz(BUSINESS_TZ)

/** Times in answers and text columns: business wall time "YYYY-MM-DD HH:mm:ss", as the screens show them. */
export const fmt = (d: dayjs.Dayjs | Date | number) => inBusinessZone(d).format('YYYY-MM-DD HH:mm:ss')
export const nowText = () => fmt(Date.now())
/** The server's clock as an instant (epoch ms): windows and limits (server/tillChecks.ts) count on it. */
export const nowMs = () => Date.now()

/** A stored text time (business wall time) back to an instant. */
export const parseText = (text: string) => dayjs.tz(text, 'YYYY-MM-DD HH:mm:ss', BUSINESS_TZ)

/** The business zone's UTC offset at an instant (now when not given), as ISO 8601 writes it: "+08:00". */
export const businessOffset = (d?: dayjs.Dayjs | Date | number) => inBusinessZone(d).format('Z')

/** The business day's midnight of an instant (now when not given). */
export const businessMidnight = (d?: dayjs.Dayjs | Date | number) => inBusinessZone(d).startOf('day')

export { dayjs }
