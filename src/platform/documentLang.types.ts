import type { Lang } from '@/core/storage'

/** The page's own language attribute (H5 `<html lang>`), so screen readers and translators read the right one. */
export interface DocumentLang {
  /** `chosen`: the shopper chose it (My account) — H5 keeps only a choice for the server (its cookie). */
  apply(lang: Lang, chosen: boolean): void
}
