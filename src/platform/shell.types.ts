/**
 * Home's first screen as its HTML drew it (H5, server/shell.ts): the app removes it once its own Home shows the
 * same thing. The mini-program has no such HTML.
 */
export interface FirstScreen {
  /** The app's Home is on screen (its banner has loaded, or there is none / it failed): the drawing goes. */
  shown(): void
}

/**
 * The first calls of the page the app opens on, started as the app's code is evaluated — before onLaunch, before
 * that page loads or renders (issue 15). The mini-program starts them itself (src/core/firstCalls.ts, the entry path
 * from getLaunchOptionsSync); on H5 the page's own HTML has already started them (server/early.ts), so the app does
 * nothing more there.
 */
export interface LaunchCalls {
  start(): void
}
