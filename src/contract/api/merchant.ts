import { Empty } from '../common'
import { MerchantApplicationAnswer, MerchantApplicationPayload } from '../merchant'
import { defineApi } from './define'

/**
 * Merchant sign-up (issue 26; docs/api.md "Merchant sign-up"): a shopper applies for a shop; an operator reviews
 * it. Shapes in ../merchant.ts.
 */
export const MERCHANT_API = defineApi({
  'personal.merchant_application/read': {
    method: 'GET',
    auth: 'required',
    req: Empty,
    res: MerchantApplicationAnswer,
    doc: "The shopper's own application (null: none yet), with its status and, when rejected, the reasons per field.",
  },
  'personal.merchant_application/submit': {
    method: 'POST',
    auth: 'required',
    req: MerchantApplicationPayload,
    res: MerchantApplicationAnswer,
    doc: 'Apply (first time), or resubmit the same application after a rejection (edits it; back to "submitted").',
  },
})
