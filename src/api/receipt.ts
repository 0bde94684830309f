/**
 * The receipt in WeChat Pay's frame (issue 26; src/contract/receipt.ts): checked by the server with WeChat Pay's
 * check_code, no session needed. Through the app's one client.
 */
import type { ReceiptQuery } from '@/contract/receipt'
import { request } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'

export function useReceipt({ sub_mch_id, out_trade_no, check_code }: ReceiptQuery) {
  return useQuery(() => request('hui_public.order/receipt', { sub_mch_id, out_trade_no, check_code }), [sub_mch_id, out_trade_no, check_code])
}
