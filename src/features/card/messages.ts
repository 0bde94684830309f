import { CARD_WORDS } from '@/contract/cardWords'
import { defineMessages } from '@/core/i18n'

/** This feature's words, loaded with its screens (not in the app's first load). */
export const { t, useT, keys, tables } = defineMessages(CARD_WORDS)
