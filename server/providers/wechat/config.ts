import { z } from 'zod'
import { configError, envText, type Env } from '../../env'

/**
 * WeChat login and WeChat's server API (issue 40; docs/going-live.md "WeChat"). Two apps, each an app id and its AppSecret,
 * both or neither: the mini-program (WX_MP_*: its login, the phone-number button, subscription messages, the staff invite's
 * mini-program code) and the official account (WX_GZH_*: H5 login inside WeChat by OAuth snsapi_base, the JSSDK signature,
 * the openid WeChat Pay's JSAPI payment needs on H5). Secrets may come from files (WX_MP_SECRET_FILE, WX_GZH_SECRET_FILE).
 */

export const WECHAT_VARIABLES = [
  'WX_MP_APPID',
  'WX_MP_SECRET',
  'WX_GZH_APPID',
  'WX_GZH_SECRET',
  'WX_API_BASE',
  'WX_OPEN_BASE',
  'WX_MP_STATE',
  'WX_INVITE_PAGE',
  'WX_CODE_CHECK_PATH',
] as const
export const WECHAT_SECRETS = ['WX_MP_SECRET', 'WX_GZH_SECRET'] as const

export interface WechatApp {
  appId: string
  secret: string
}

export interface WechatConfig {
  mp: WechatApp | null
  gzh: WechatApp | null
  /** WeChat's server API (default https://api.weixin.qq.com; the tests' double's address). */
  apiBase: string
  /** Where the official account's authorize page is (default https://open.weixin.qq.com; a double's in a browser journey). */
  openBase: string
  /**
   * Which version of the mini-program a subscription message and the invite code open: formal (released; default),
   * trial or developer (getwxacodeunlimit's env_version release / trial / develop).
   */
  mpState: 'formal' | 'trial' | 'developer'
  /** The page the staff invite's mini-program code opens (default pages/store/join; must be released unless checkPath is off). */
  invitePage: string
  /** getwxacodeunlimit's check_path: true (default) needs the page released; false while developing (WX_CODE_CHECK_PATH=0). */
  checkPath: boolean
}

const APP_ID = /^wx[0-9a-f]{16}$/
const APP_SECRET = /^[0-9a-f]{32}$/
/** An origin: https anywhere, http only on this machine (the tests' doubles) — WeChat's secrets never go out in the clear. */
const BASE = /^(https:\/\/[A-Za-z0-9.-]+|http:\/\/(127\.0\.0\.1|localhost))(:\d{1,5})?$/

const Settings = z.object({
  WX_API_BASE: z.string().regex(BASE, 'is not an https origin (https://host[:port], nothing after; http only on 127.0.0.1)').default('https://api.weixin.qq.com'),
  WX_OPEN_BASE: z.string().regex(BASE, 'is not an https origin (https://host[:port], nothing after; http only on 127.0.0.1)').default('https://open.weixin.qq.com'),
  WX_MP_STATE: z.enum(['formal', 'trial', 'developer'], { errorMap: () => ({ message: 'is not formal, trial or developer' }) }).default('formal'),
  WX_INVITE_PAGE: z.string().regex(/^pages\/[A-Za-z0-9_/]+$/, 'is not a mini-program page (pages/…, no leading slash, no query)').default('pages/store/join'),
  WX_CODE_CHECK_PATH: z.enum(['1', '0', 'true', 'false'], { errorMap: () => ({ message: 'is not 1 or 0' }) }).default('1'),
})

function app(env: Env, idName: string, secretName: string, what: string): WechatApp | null {
  const appId = envText(env, idName)
  const secret = envText(env, secretName)
  if (!appId && !secret) return null
  if (!appId) throw configError(idName, `not set, but ${secretName} is: ${what}'s app id and AppSecret go together`)
  if (!APP_ID.test(appId)) throw configError(idName, `"${appId}" is not a WeChat app id (wx and 16 hexadecimal characters)`)
  if (!secret) throw configError(secretName, `not set, but ${idName} is: ${what}'s app id and AppSecret go together`)
  if (!APP_SECRET.test(secret)) throw configError(secretName, `not an AppSecret (32 hexadecimal characters; it has ${secret.length} characters)`)
  return { appId, secret }
}

/** Null when neither app is configured; an Error naming the variable when one is half configured or a setting is wrong. */
export function readWechatConfig(env: Env): WechatConfig | null {
  const mp = app(env, 'WX_MP_APPID', 'WX_MP_SECRET', 'the mini-program')
  const gzh = app(env, 'WX_GZH_APPID', 'WX_GZH_SECRET', 'the official account')
  const values = Object.fromEntries(['WX_API_BASE', 'WX_OPEN_BASE', 'WX_MP_STATE', 'WX_INVITE_PAGE', 'WX_CODE_CHECK_PATH'].map((n) => [n, envText(env, n)]).filter(([, v]) => v !== undefined))
  const parsed = Settings.safeParse(values)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw configError(String(issue.path[0]), `"${String(values[String(issue.path[0])])}" ${issue.message}`)
  }
  if (!mp && !gzh) return null
  const v = parsed.data
  return {
    mp,
    gzh,
    apiBase: v.WX_API_BASE,
    openBase: v.WX_OPEN_BASE,
    mpState: v.WX_MP_STATE,
    invitePage: v.WX_INVITE_PAGE,
    checkPath: v.WX_CODE_CHECK_PATH === '1' || v.WX_CODE_CHECK_PATH === 'true',
  }
}
