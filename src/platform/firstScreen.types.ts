/**
 * A tab's first screen as its HTML drew it (H5, server/hosting/drawing: Home, My orders, Me): the app removes it in the
 * render that draws the same thing. The mini-program has no such HTML.
 */
export interface FirstScreen {
  /** The page has drawn what the drawing shows (Home: its services, or their failure): the drawing goes, in that render. */
  shown(): void
}

/**
 * The first calls of the page the app opens on, started as the app's code is evaluated — before onLaunch, before
 * that page loads or renders (issue 15). The mini-program starts them itself (src/core/firstAnswers.ts, the entry path
 * from getLaunchOptionsSync); on H5 the page's own HTML has already started them (server/hosting/firstAnswers.ts), so the app does
 * nothing more there.
 */
export interface LaunchAnswers {
  start(): void
}
