import { ORDERS_WORDS } from '@/contract/ordersWords'
import { defineMessages } from '@/core/i18n'

/** This feature's words, loaded with its screens (not in the app's first load). */
export const { t, useT, keys, tables } = defineMessages(ORDERS_WORDS)
