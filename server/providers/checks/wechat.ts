import { ConfigError, envText, type Env } from '../../env'
import type { Finding } from './keys'

/**
 * WeChat login and WeChat's server API (jscode2session, the official account's OAuth, access_token, subscription messages,
 * the mini-program code), checked offline by name (docs/going-live.md "WeChat login and WeChat's server API"): each app is
 * an app id and its AppSecret, both or neither.
 */

import { WECHAT_SECRETS, WECHAT_VARIABLES } from '../wechat/config'

export { WECHAT_SECRETS, WECHAT_VARIABLES }

const APP_ID = /^wx[0-9a-f]{16}$/
const APP_SECRET = /^[0-9a-f]{32}$/

const APPS = [
  { id: 'WX_MP_APPID', secret: 'WX_MP_SECRET', what: 'the mini-program', use: 'mini-program login, its phone-number button, subscription messages, the staff invite code' },
  { id: 'WX_GZH_APPID', secret: 'WX_GZH_SECRET', what: 'the official account', use: "H5 login inside WeChat (OAuth), the JSSDK signature, the official account's openid for WeChat Pay JSAPI" },
] as const

export function checkWechat(env: Env): Finding[] {
  const out: Finding[] = []
  const text = (name: string) => {
    try {
      return envText(env, name)
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      for (const p of error.problems) out.push({ level: 'fail', variable: p.variable, message: p.problem })
      return undefined
    }
  }
  for (const app of APPS) {
    const id = text(app.id)
    const secret = text(app.secret)
    if (!id && !secret) {
      out.push({ level: 'info', message: `${app.what}: not configured (${app.id}, ${app.secret}) — ${app.use} answer "not configured"` })
      continue
    }
    if (!id) out.push({ level: 'fail', variable: app.id, message: `not set, but ${app.secret} is: ${app.what}'s app id and AppSecret go together` })
    else if (!APP_ID.test(id)) out.push({ level: 'fail', variable: app.id, message: `"${id}" is not a WeChat app id (wx and 16 hexadecimal characters)` })
    if (!secret) out.push({ level: 'fail', variable: app.secret, message: `not set, but ${app.id} is: ${app.what}'s app id and AppSecret go together` })
    else if (!APP_SECRET.test(secret)) out.push({ level: 'fail', variable: app.secret, message: `not an AppSecret (32 hexadecimal characters; it has ${secret.length} characters)` })
    if (id && secret && APP_ID.test(id) && APP_SECRET.test(secret)) out.push({ level: 'ok', variable: app.id, message: `${app.what} ${id} with its AppSecret` })
  }
  return out
}
