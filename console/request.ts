/**
 * The console's one request client: every call goes to `/api/console.<area>/<verb>` in the contract's envelope
 * (src/contract/envelope.ts) with the operator's session in the `Operator-Token` header — kept in sessionStorage (this
 * tab only, gone with it), never in a URL. Code 1 answers `data`; code -1 (no session, ended, wrong kind of token)
 * forgets the session and hands the console back to sign-in; code 0 throws a ConsoleError carrying the contract's
 * reason, whose words the screens show (reasonText, in the console's language).
 */
import { CODE, type Envelope } from '../src/contract/envelope'
import { CONSOLE_ENDPOINTS, HEADER_OPERATOR_TOKEN, type ConsoleEndpointPath } from '../src/contract/consoleEndpoints'
import type { ConsoleReq, ConsoleRes } from '../src/contract/console'
import { isReason, reasonText } from '../src/contract/reasons'
import { words, type Lang } from './messages'

/** Where the operator's session token is kept (sessionStorage: this tab only). */
export const TOKEN_KEY = 'ocpConsoleToken'

export const sessionToken = (): string | null => {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}
export function keepSession(token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(TOKEN_KEY, token)
    else window.sessionStorage.removeItem(TOKEN_KEY)
  } catch {
    // Storage refused (private mode with a quota of 0): the session lasts as long as this page.
  }
}

/** A refusal or a failure, with the words to show (the reason's, in the console's language). */
export class ConsoleError extends Error {
  constructor(
    message: string,
    readonly reason: string,
    readonly code: number,
  ) {
    super(message)
  }
}

let lang: Lang = 'zh'
let onSessionEnded: (why: string) => void = () => undefined

/** The console's language (the `lang` of every call: the server's words) and who hears that the session ended. */
export function configureRequests(options: { lang: Lang; onSessionEnded: (why: string) => void }): void {
  lang = options.lang
  onSessionEnded = options.onSessionEnded
}

function queryOf(payload: Record<string, unknown>): string {
  const parts = Object.entries(payload)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

function refusalWords(body: Envelope<unknown>): string {
  if (isReason(body.reason)) return reasonText(body.reason, lang, body.params ?? {})
  return body.msg || words(lang, 'serverError')
}

/** Call a console endpoint: its answer's data, or a ConsoleError. */
export async function call<P extends ConsoleEndpointPath>(path: P, payload: ConsoleReq<P>): Promise<ConsoleRes<P>> {
  const method = CONSOLE_ENDPOINTS[path]
  const body = { ...(payload as Record<string, unknown>), lang }
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = sessionToken()
  if (token) headers[HEADER_OPERATOR_TOKEN] = token
  let response: Response
  try {
    response =
      method === 'GET'
        ? await fetch(`/api/${path}${queryOf(body)}`, { headers, credentials: 'omit' })
        : await fetch(`/api/${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' })
  } catch {
    throw new ConsoleError(words(lang, 'networkError'), 'network', CODE.FAIL)
  }
  let answer: Envelope<ConsoleRes<P>>
  try {
    answer = (await response.json()) as Envelope<ConsoleRes<P>>
  } catch {
    throw new ConsoleError(words(lang, 'serverError'), 'server_error', CODE.FAIL)
  }
  if (answer.code === CODE.OK) return answer.data
  const message = refusalWords(answer)
  if (answer.code === CODE.AUTH && path !== 'console.auth/signIn') {
    keepSession(null)
    onSessionEnded(message)
  }
  throw new ConsoleError(message, answer.reason ?? 'server_error', answer.code)
}
