const KNOWN = [0, 10, 20, 30, 40, 50, 60, 70] as const
type Known = (typeof KNOWN)[number]

/** The message key for an order status (docs/api.md); unknown values read as unpaid rather than blank. */
export function statusKey(status: number): `order.status.${Known}` {
  const s = ((KNOWN as readonly number[]).includes(status) ? status : 0) as Known
  return `order.status.${s}`
}
