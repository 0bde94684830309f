import type { DocumentLang } from './documentLang.types'

/** A mini-program has no document: WeChat reads its own language setting. */
export const documentLang: DocumentLang = { apply: () => undefined }
