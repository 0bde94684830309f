import { LANG_COOKIE, PREF_COOKIE_MAX_AGE_S } from '@/contract/firstAnswers'
import type { DocumentLang } from './documentLang.types'

export const documentLang: DocumentLang = {
  apply(lang) {
    if (typeof document === 'undefined') return
    document.documentElement.lang = lang
    // The next page the server answers is drawn in it (server/hosting/drawing); the page's first script keeps it too.
    document.cookie = `${LANG_COOKIE}=${lang === 'en' ? 'en' : 'zh'};path=/;max-age=${PREF_COOKIE_MAX_AGE_S};samesite=lax`
  },
}
