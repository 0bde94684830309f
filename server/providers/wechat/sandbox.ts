import crypto from 'node:crypto'
import { realNowMs } from '../../time'
import { jssdkSignature } from './api'
import type { WechatServices } from './types'

/**
 * The sandbox's stand-ins for WeChat (moved from server/http/routes/account.ts; behaviour unchanged): made-up openids
 * derived from the code, the OAuth page /sandbox/oauth that comes straight back with a code, a JSSDK signature over a
 * stand-in ticket, subscription messages kept in the outbox and never sent (GET /api/sandbox/messages lists them), no
 * mini-program code (the client draws the invite link's QR code instead). Nothing leaves the machine.
 *
 * The one-tap phone number has no WeChat to ask: a code `sandbox:<11-digit mobile>` is that number (the simulator's
 * tests), `sandbox:quota` answers as a spent quota does, anything else (a real code from WeChat's tools) is "unavailable",
 * so the screen falls back to an SMS code, as it would when WeChat refuses.
 */

export const pseudoId = (prefix: string, code: string): string => `${prefix}${crypto.createHash('sha256').update(code).digest('hex').slice(0, 24)}`

/** The official account's app id the sandbox's signature names (WX_GZH_APPID when set, for a look in WeChat's tools). */
export function sandboxWechat(o: { gzhAppId?: string } = {}): WechatServices {
  return {
    miniProgram: {
      session: async (code) => ({ openid: pseudoId('wx-', code) }),
      async phoneNumber(code) {
        const m = /^sandbox:(1\d{10})$/.exec(code)
        if (m) return { phone: m[1] }
        return code === 'sandbox:quota' ? { refused: 'unavailable', errcode: 1400001 } : { refused: 'unavailable' }
      },
      codeImage: async () => null,
      async subscribe(message, log) {
        log.info(`[wechat] subscription message ${message.template_id} kept in the sandbox outbox, not sent`)
        return { state: 'sent' }
      },
    },
    officialAccount: {
      standIn: true,
      authorizeUrl(redirectUri, state) {
        const back = new URL(redirectUri, 'http://sandbox.invalid')
        return `/sandbox/oauth?redirect=${encodeURIComponent(`${back.pathname}${back.search}`)}&state=${encodeURIComponent(state)}`
      },
      openid: async (code) => ({ openid: pseudoId('gzh-', code) }),
      async jssdk(url) {
        const timestamp = Math.floor(realNowMs() / 1000)
        const nonceStr = crypto.randomBytes(8).toString('hex')
        return { appId: o.gzhAppId ?? 'wx-sandbox', timestamp, nonceStr, signature: jssdkSignature('sandbox-jsapi-ticket', nonceStr, timestamp, url) }
      },
    },
  }
}

/** Neither configured nor the sandbox: nothing (the routes refuse with a reason). */
export const noWechat: WechatServices = { miniProgram: null, officialAccount: null }
