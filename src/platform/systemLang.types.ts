import type { Lang } from '@/core/storage'

/**
 * The language the phone asks for, read where each platform keeps it (H5: the browser's languages; weapp: WeChat's
 * own language): what the app speaks until the shopper chooses on My account (src/core/i18n.ts followSystemLang).
 */
export interface SystemLang {
  read(): Lang
}
