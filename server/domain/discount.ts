/** Percent off, in whole cents, rounded half up: what a rate (percent paid, 96 = 4 % off) takes off an amount. */
export const percentOff = (amount: number, rate: number) => Math.round((amount * (100 - rate)) / 100)

/**
 * What Pay a bill takes off an amount: the shop's discount, then the card's extra discount on what is left
 * (server/domain/pricing/bill.ts prices bills and fuel with it; the station's member price per litre is the same rule).
 */
export function discountsOf(amount: number, shopRate: number, cardRate: number | null): { discount: number; member: number } {
  const discount = percentOff(amount, shopRate)
  const member = cardRate === null ? 0 : percentOff(amount - discount, cardRate)
  return { discount, member }
}
