/**
 * Home's first screen as its HTML drew it (H5, server/shell.ts): the app removes it once its own Home shows the
 * same thing. The mini-program has no such HTML.
 */
export interface FirstScreen {
  /** The app's Home is on screen (its banner has loaded, or there is none / it failed): the drawing goes. */
  shown(): void
}
