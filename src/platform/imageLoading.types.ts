/** How list images load on the running platform. */
export interface ImageLoading {
  /**
   * Whether `<Image lazyLoad>` can be used. Taro's H5 Image sets `src` only from an IntersectionObserver
   * (iOS 12.2+): where there is none, a lazy image would never load, so it loads at once instead.
   */
  readonly lazy: boolean
}
