/** The tab bar's labels before it is first drawn, where a platform lets the app give them (issue 39). */
export interface TabBarLabels {
  /**
   * Give the tab bar `labels()` (in tab order) before it is first drawn. H5: Taro draws it from the app's config,
   * declared in Chinese, and took the words of setTabBarItem only once it had drawn — an English shopper saw 首页 …
   * flip to Home …. weapp: nothing (WeChat draws app.json's labels; applyTabBarLanguage rewrites them at launch).
   */
  beforeFirstDraw(labels: () => readonly string[]): void
}
