/** The Alipay buyer's identity, for Alipay's JSAPI payment inside Alipay's browser (issue 40). */
export interface AlipayAuth {
  /**
   * The buyer's open_id: the stored one; else, back from Alipay's authorisation (`auth_code` in the page's address),
   * traded for it (alipay/getOpenId) and stored; else the browser leaves for Alipay's authorisation page
   * (alipay/getAuthUrl) and 'redirecting' is answered — the shopper pays again when it brings them back.
   */
  openId(): Promise<{ open_id: string } | 'redirecting'>
}
