/** Geometry of the custom navigation bar, in CSS px. */
export interface NavMetrics {
  /** Height of the system status bar above the bar (0 on H5, where the safe-area inset is used). */
  statusBarHeight: number
  /** Height of the bar itself. */
  barHeight: number
  /** Space kept free on the right (the weapp capsule button), so the title stays centred and clear. */
  rightInset: number
}

export interface NavPlatform {
  metrics(): NavMetrics
  /** Whether the page on top has a page of the app behind it to go back to (the back arrow, not the home button). */
  hasPageBehind(): boolean
  /** How many pages of the app are behind the one on top (0: none). */
  pagesBehind(): number
  /** Back to that page, or `pages` pages back (a form opened from a picker returns past the picker: issue 39). */
  back(pages?: number): void
  /**
   * Whether the platform draws this page's navigation bar itself: its page config says navigationStyle
   * 'default' (every other page inherits 'custom' from app.config), and the app then draws no NavBar there.
   */
  drawsBar(route: string): boolean
}
