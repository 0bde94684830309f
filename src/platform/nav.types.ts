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
  /** Back to that page. */
  back(): void
  /**
   * Whether the platform draws this page's navigation bar itself: its page config says navigationStyle
   * 'default' (every other page inherits 'custom' from app.config), and the app then draws no NavBar there.
   */
  drawsBar(route: string): boolean
}
