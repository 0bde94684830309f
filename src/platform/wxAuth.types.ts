/** What a platform adds to `wechat/bind`: the weapp login code, or the H5 official-account openid. */
export type BindIdentity = { wx_code?: string; openid?: string }

export interface WxAuth {
  /**
   * Before the form shows. H5 inside WeChat without an openid goes through OAuth first: returns
   * 'redirecting' while the browser leaves for it; otherwise 'ready'.
   */
  prepare(query: Record<string, string | undefined>, currentPath: string): Promise<'ready' | 'redirecting'>
  /** Right before bind. */
  identity(): Promise<BindIdentity>
}
