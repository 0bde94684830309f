/** What a paging carousel needs from the platform: how wide one page is, and whether it may move by itself. */
export interface Pager {
  /** The width in px of one page of the horizontal scroller with this element id (0 when not laid out). */
  pageWidth(id: string): number
  /** False when the shopper asked for reduced motion: no autoplay then. */
  mayAutoplay(): boolean
  /**
   * Whether the scroller animates a position it is given (`scrollWithAnimation`). Not on H5: Taro's JS easing
   * fights CSS scroll snapping (the position jumps between pages); the stylesheet's `scroll-behavior: smooth`
   * animates there instead. Yes on weapp, where the scroll-view animates natively.
   */
  animates: boolean
}
