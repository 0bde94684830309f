import { LANG_COOKIE, PREF_COOKIE_MAX_AGE_S } from '@/contract/firstAnswers'
import type { DocumentLang } from './documentLang.types'

export const documentLang: DocumentLang = {
  apply(lang, chosen) {
    if (typeof document === 'undefined') return
    document.documentElement.lang = lang
    // The next page the server answers is drawn in a chosen language (server/hosting/drawing); without a choice the
    // server follows the browser's Accept-Language, as the app follows its languages. The page's first script keeps it too.
    document.cookie = chosen ? `${LANG_COOKIE}=${lang === 'en' ? 'en' : 'zh'};path=/;max-age=${PREF_COOKIE_MAX_AGE_S};samesite=lax` : `${LANG_COOKIE}=;path=/;max-age=0;samesite=lax`
  },
}
