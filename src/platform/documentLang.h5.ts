import type { DocumentLang } from './documentLang.types'

export const documentLang: DocumentLang = {
  apply(lang) {
    if (typeof document !== 'undefined') document.documentElement.lang = lang
  },
}
