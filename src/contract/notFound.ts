/**
 * The server's words (code 0) for a thing that is not there — or not the asker's: another shopper's order
 * reads exactly like one that never existed. The client shows "not found" for these, never a retry.
 * Its own file, not constants.ts: only the screens that read one import it (Home's first load stays as it was).
 */
export const NOT_FOUND = { order: '订单不存在', shop: '商家不存在', product: '商品不存在', special: '专题不存在' } as const
