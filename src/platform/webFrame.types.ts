/** The embedded web page's frame, where the platform lets the app reach it. */
export interface WebFrame {
  /**
   * Give the frame inside `container` (a selector) an accessible name; returns a function that stops waiting
   * for it (the frame is drawn a moment after the page).
   */
  name(container: string, title: string): () => void
}
