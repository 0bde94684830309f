import type { ACCOUNT_WORDS } from '@/contract/accountWords'
import type { CARD_WORDS } from '@/contract/cardWords'
import type { HOME_WORDS } from '@/contract/homeScreen'

/** A table's words as a view is given them: the app's `t`, or the server's for the shopper's language. */
export type Words<K extends string> = (key: K, params?: Record<string, string | number>) => string

/** Home's words (src/contract/homeScreen.ts). */
export type HomeWords = Words<keyof (typeof HOME_WORDS)['zh-CN']>
/** Membership card's words (src/contract/cardWords.ts). */
export type CardWords = Words<keyof (typeof CARD_WORDS)['zh-CN']>
/** My account's words (src/contract/accountWords.ts). */
export type AccountWords = Words<keyof (typeof ACCOUNT_WORDS)['zh-CN']>
