import type { ImageLoading } from './imageLoading.types'

/** The mini-program's image component lazy-loads natively. */
export const imageLoading: ImageLoading = { lazy: true }
