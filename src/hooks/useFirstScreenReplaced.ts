import { useLayoutEffect } from 'react'
import { firstScreen } from '@/platform/firstScreen'

/**
 * H5: the first screen the page's HTML drew (server/hosting/drawing) goes in the render in which the page has drawn the same
 * (`drawn`), so the two are never on screen — or in the document — together: a layout effect runs in that very
 * render's commit. A drawing the page's first script dropped (another language, city, or a kept session) is gone
 * already. The mini-program has none.
 */
export function useFirstScreenReplaced(drawn = true): void {
  useLayoutEffect(() => {
    if (drawn) firstScreen.shown()
  }, [drawn])
}
