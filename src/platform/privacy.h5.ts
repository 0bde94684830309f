import type { PrivacyPlatform } from './privacy.types'

// A browser has no platform privacy flow: the shopper's tick on the form is the agreement.
export const privacyPlatform: PrivacyPlatform = {
  agreeButtonProps: () => ({}),
  ensureAuthorized: async () => true,
}
