import type { FirstScreen } from './shell.types'

export const firstScreen: FirstScreen = {
  shown() {
    const el = document.getElementById('home-shell')
    if (el && el.parentNode) el.parentNode.removeChild(el)
  },
}
