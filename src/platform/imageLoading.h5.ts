import type { ImageLoading } from './imageLoading.types'

export const imageLoading: ImageLoading = { lazy: typeof IntersectionObserver !== 'undefined' }
