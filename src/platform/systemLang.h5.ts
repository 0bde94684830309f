import { langOfTags } from '@/contract/firstAnswers'
import type { SystemLang } from './systemLang.types'

/** The browser's languages, most preferred first (navigator.languages; navigator.language where there is no list). */
export const systemLang: SystemLang = {
  read() {
    if (typeof navigator === 'undefined') return 'zh-CN'
    const tags = navigator.languages && navigator.languages.length > 0 ? navigator.languages : navigator.language ? [navigator.language] : []
    return langOfTags(tags) === 'en' ? 'en' : 'zh-CN'
  },
}
