import { HOME_WORDS } from '@/contract/homeScreen'
import { defineMessages } from '@/core/i18n'

export const { t, useT, keys, tables } = defineMessages(HOME_WORDS)
