/**
 * The receipt page in WeChat Pay's frame (点金计划 商家小票, issue 26; docs/api.md "The receipt in WeChat Pay's
 * frame"). After an in-WeChat payment WeChat Pay opens the merchant's receipt link inside a frame on its
 * payment-complete screen, adding `sub_mch_id`, `out_trade_no` (our trade number) and `check_code` — the MD5 of the
 * link with `transaction_id` (WeChat Pay's number of the payment) in place of check_code. The server checks it and
 * answers the receipt only: shop, amount, time, order number (and the order's id, for the link to the full order,
 * which needs the shopper's login). zod for the server; types only on the client.
 */
import { z } from 'zod'

export const ReceiptQuery = z.object({
  sub_mch_id: z.string().regex(/^\d{1,32}$/, 'receipt_check_failed'),
  out_trade_no: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'receipt_check_failed'),
  check_code: z.string().regex(/^[0-9a-fA-F]{32}$/, 'receipt_check_failed'),
})
export type ReceiptQuery = z.input<typeof ReceiptQuery>

export const ReceiptAnswer = z.object({
  receipt: z.object({
    order_id: z.number().int(),
    order_no: z.string(),
    shop_name: z.string(),
    /** What was paid, in cents. */
    amount: z.number().int(),
    /** When it was paid (business wall time, "YYYY-MM-DD HH:mm:ss"). */
    paid_at: z.string(),
  }),
  /** WeChat Pay's page that frames the receipt: where its messages (onIframeReady, jumpOut) are posted. */
  frame_origin: z.string(),
})
export type ReceiptAnswer = z.infer<typeof ReceiptAnswer>
