/**
 * What the app runs on every show for a shopper coming back from paying (seed §4): check the pending order
 * with the server. Nothing to do — and nothing loaded — when no order is pending.
 */
export type CheckPendingOnShow = () => Promise<void>
