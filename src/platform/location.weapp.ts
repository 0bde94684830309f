import type { Locator } from './location.types'

/** Placeholder until the location issue's adapter lands: every screen takes the city-picker path. */
export const locator: Locator = {
  locate: async () => ({ failed: 'unavailable' }),
  allowLater: async () => false,
  openPlace: async () => undefined,
}
