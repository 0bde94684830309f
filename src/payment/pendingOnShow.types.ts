/**
 * What the app runs on every show for a shopper coming back from paying (docs/product.md#payment): check the pending order
 * with the server. Nothing to do — and nothing loaded — when no order is pending.
 */
export type CheckPendingOnShow = () => Promise<void>
