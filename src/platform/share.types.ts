export interface ShareInfo {
  title: string
  /** In-app path with the sharer's referral id. */
  path: string
}

/** Where the platform needs telling about the current page's share (H5 inside WeChat: the JSSDK). */
export interface SharePlatform {
  announce(info: ShareInfo): void
}
