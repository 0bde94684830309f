import type { Lang } from '@/core/storage'

/** The page's own language attribute (H5 `<html lang>`), so screen readers and translators read the right one. */
export interface DocumentLang {
  apply(lang: Lang): void
}
