import type { SharePlatform } from './share.types'

// The mini-program asks the page itself (useShareAppMessage in PageFrame): nothing to announce.
export const sharePlatform: SharePlatform = { announce: () => undefined }
