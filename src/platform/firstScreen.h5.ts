import type { FirstScreen, LaunchAnswers } from './firstScreen.types'

export const firstScreen: FirstScreen = {
  shown() {
    const el = document.getElementById('first-screen')
    if (!el || !el.parentNode) return
    el.parentNode.removeChild(el)
    // When the app's own screen replaced the drawn one (bench/pageload.ts reports it).
    if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark('ocp:first-screen-replaced')
  },
}

/** The page's HTML started them already (server/hosting/firstAnswers.ts); the transport takes those answers. */
export const launchAnswers: LaunchAnswers = { start: () => undefined }
