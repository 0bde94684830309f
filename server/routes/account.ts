import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { UserInfo } from '../../src/contract/account'
import type { DB } from '../db'
import { BizError, defineRoute, hashToken } from '../http'
import type { Sandbox } from '../sandbox'
import { nowText } from '../time'

export const SMS_RESEND_MS = 60_000
export const SMS_DAILY_CAP = 10
const SMS_VALID_MS = 5 * 60_000
const SMS_MAX_ATTEMPTS = 5
const TOKEN_DAYS = 30

interface UserRow {
  id: number
  phone: string
  nickname: string
  avatar: string
  referrer_id: number | null
}

export function userInfo(row: UserRow): UserInfo {
  return { id: row.id, phone: row.phone, nickname: row.nickname, avatar: row.avatar, referrer_id: row.referrer_id, userIds: { userIdAgent: null, userIdBuss: null, storeId: null } }
}

const pseudoId = (prefix: string, code: string) => `${prefix}${crypto.createHash('sha256').update(code).digest('hex').slice(0, 24)}`

export function accountRoutes(app: FastifyInstance, db: DB, sandbox: Sandbox): void {
  defineRoute(app, db, 'Captcha/sendSmsCaptcha', { auth: false }, ({ input }) => {
    const now = Date.now()
    const last = db.prepare('SELECT created_at FROM sms_codes WHERE phone = ? ORDER BY id DESC LIMIT 1').get(input.phone) as { created_at: number } | undefined
    if (last && now - last.created_at < SMS_RESEND_MS) {
      throw new BizError(`发送太频繁，请 ${Math.ceil((SMS_RESEND_MS - (now - last.created_at)) / 1000)} 秒后再试`)
    }
    const startOfDay = new Date(now).setHours(0, 0, 0, 0)
    const today = db.prepare('SELECT COUNT(*) AS n FROM sms_codes WHERE phone = ? AND created_at >= ?').get(input.phone, startOfDay) as { n: number }
    if (today.n >= SMS_DAILY_CAP) throw new BizError('今日验证码发送次数已达上限')
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
    db.prepare('INSERT INTO sms_codes (phone, scene, code, created_at) VALUES (?, ?, ?, ?)').run(input.phone, input.scene, code, now)
    sandbox.sendSms(input.phone, code)
    return { expires_in: SMS_VALID_MS / 1000, resend_in: SMS_RESEND_MS / 1000 }
  })

  defineRoute(app, db, 'wechat/bind', { auth: false }, ({ input }) => {
    const now = Date.now()
    const sms = db
      .prepare("SELECT id, code, created_at, attempts FROM sms_codes WHERE phone = ? AND used = 0 AND scene = 'bind' ORDER BY id DESC LIMIT 1")
      .get(input.phone) as { id: number; code: string; created_at: number; attempts: number } | undefined
    if (!sms || now - sms.created_at > SMS_VALID_MS) throw new BizError('验证码已失效，请重新获取')
    if (sms.attempts >= SMS_MAX_ATTEMPTS) throw new BizError('验证码错误次数过多，请重新获取')
    if (sms.code !== input.code) {
      db.prepare('UPDATE sms_codes SET attempts = attempts + 1 WHERE id = ?').run(sms.id)
      throw new BizError('验证码错误')
    }

    return db.transaction(() => {
      db.prepare('UPDATE sms_codes SET used = 1 WHERE id = ?').run(sms.id)
      let user = db.prepare('SELECT id, phone, nickname, avatar, referrer_id FROM users WHERE phone = ?').get(input.phone) as UserRow | undefined
      if (!user) {
        // The sharer is recorded once, when the shopper first binds (never themselves, never unknown ids).
        const sharer = input.share_user_user_id !== undefined ? Number(input.share_user_user_id) : NaN
        const referrer = Number.isInteger(sharer) && sharer > 0 && db.prepare('SELECT id FROM users WHERE id = ?').get(sharer) ? sharer : null
        const nickname = `会员${input.phone.slice(-4)}`
        const info = db
          .prepare('INSERT INTO users (phone, nickname, avatar, referrer_id, created_at) VALUES (?, ?, ?, ?, ?)')
          .run(input.phone, nickname, `/assets/img/avatar-${input.phone.slice(-4)}.svg?t=${encodeURIComponent(input.phone.slice(-2))}`, referrer, nowText())
        user = { id: Number(info.lastInsertRowid), phone: input.phone, nickname, avatar: '', referrer_id: referrer }
        user = db.prepare('SELECT id, phone, nickname, avatar, referrer_id FROM users WHERE id = ?').get(user.id) as UserRow
      }
      if (input.wx_code) db.prepare('UPDATE users SET wx_openid = ? WHERE id = ?').run(pseudoId('wx-', input.wx_code), user.id)
      if (input.openid) db.prepare('UPDATE users SET gzh_openid = ? WHERE id = ?').run(input.openid, user.id)
      const token = crypto.randomBytes(32).toString('base64url')
      const expires = now + TOKEN_DAYS * 86_400_000
      db.prepare('INSERT INTO tokens (hash, user_id, expires_at) VALUES (?, ?, ?)').run(hashToken(token), user.id, expires)
      return { token, expires_at: new Date(expires).toISOString(), user: userInfo(user) }
    })()
  })

  defineRoute(app, db, 'wechat/getWxAuthCodeUrl', { auth: false }, ({ input }) => {
    const appId = process.env.WX_GZH_APPID
    if (appId && process.env.PUBLIC_ORIGIN) {
      const redirect = encodeURIComponent(`${process.env.PUBLIC_ORIGIN}${input.redirect}`)
      return { url: `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${appId}&redirect_uri=${redirect}&response_type=code&scope=snsapi_base&state=ocp#wechat_redirect` }
    }
    // Sandbox: an OAuth stand-in that comes straight back with a code.
    return { url: `/sandbox/oauth?redirect=${encodeURIComponent(input.redirect)}` }
  })

  defineRoute(app, db, 'wechat/getOpenID', { auth: false }, ({ input }) => ({ openid: pseudoId('gzh-', input.code) }))

  defineRoute(app, db, 'wechat/getJSSDKConfig', { auth: false }, ({ input }) => {
    const timestamp = Math.floor(Date.now() / 1000)
    const nonceStr = crypto.randomBytes(8).toString('hex')
    const ticket = 'sandbox-jsapi-ticket'
    const signature = crypto.createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${input.url}`).digest('hex')
    return { jssdk: { appId: process.env.WX_GZH_APPID ?? 'wx-sandbox', timestamp, nonceStr, signature, jsApiList: ['chooseWXPay', 'updateAppMessageShareData', 'updateTimelineShareData'] } }
  })
}
