import type { FirstScreen, LaunchCalls } from './shell.types'

export const firstScreen: FirstScreen = {
  shown() {
    const el = document.getElementById('home-shell')
    if (el && el.parentNode) el.parentNode.removeChild(el)
  },
}

/** The page's HTML started them already (server/early.ts); the transport takes those answers. */
export const launchCalls: LaunchCalls = { start: () => undefined }
