import type { Q } from '../storage/query'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { CODE, HEADER_TOKEN, type Envelope } from '../../src/contract/envelope'
import { SCHEMAS, type ApiPath, type ApiRes } from '../../src/contract/schemas'
import { TEXT_REFUSAL, type ApiLang } from '../../src/contract/common'
import { isReason, reasonText, type Reason, type ReasonParams } from '../../src/contract/reasons'
import { langOf } from '../domain/names'
import { cachedSession, sessionOfToken, touchSession, type SessionUser } from '../storage/repo/users'
import { nowMs } from '../time'
import { BizError, refuse } from '../domain/refusal'
import { hashToken, type AuthUser } from '../domain/account'

// A refusal (BizError, refuse()) is the domain's word (server/domain/refusal.ts); the routes take it from here too.
export { BizError, refuse }

export const ok = <T>(data: T): Envelope<T> => ({ code: CODE.OK, msg: 'ok', data })

/** A refusal's envelope: its reason, its params when it has some, msg (Chinese here; app.ts writes it in the asker's language). */
export interface Refusal<T = null> extends Envelope<T> {
  reason: Reason
}

/** The envelope of a refusal by its reason, for answers sent without throwing (`return fail('sandbox_bad_signature')`). */
export function fail(reason: Reason, params: ReasonParams = {}, code: 0 | -1 = CODE.FAIL): Refusal {
  return { code, msg: reasonText(reason, 'zh', params), data: null, reason, ...(Object.keys(params).length > 0 ? { params } : {}) }
}

/** The envelope of a thrown refusal. */
export function failWith(err: BizError): Refusal<unknown> {
  return { ...fail(err.reason, err.params, err.code), data: err.data ?? null }
}

/** last_seen_at is written at most this often per session, so reads do not turn into writes. */
const SEEN_EVERY_MS = 5 * 60_000

/**
 * The caller's session: at once (no promise) when this process's session cache holds it and it was seen lately — most
 * calls; else read (and its last_seen_at written) through the database.
 */
export function authenticate(db: Q, req: FastifyRequest): AuthUser | null | Promise<AuthUser | null> {
  const raw = req.headers[HEADER_TOKEN.toLowerCase()]
  const token = Array.isArray(raw) ? raw[0] : raw
  if (!token || token.length > 200) return null
  const now = nowMs()
  const cached = cachedSession(db, token, now)
  if (cached && now - cached.last_seen_at <= SEEN_EVERY_MS) return userOf(cached)
  return signedIn(db, token, now)
}

async function signedIn(db: Q, token: string, now: number): Promise<AuthUser | null> {
  const row = await sessionOfToken(db, token, hashToken, now)
  if (!row) return null
  if (now - row.last_seen_at > SEEN_EVERY_MS) {
    await touchSession(db, row.sessionId, now)
    // (The row may be the session cache's: written once, not on every call until the entry expires.)
    row.last_seen_at = now
  }
  return userOf(row)
}

const userOf = (row: SessionUser): AuthUser => ({ id: row.id, phone: row.phone, nickname: row.nickname, sessionId: row.sessionId })

/**
 * The first problem zod found, as a reason: the contract's own shopper message is a reason key
 * (`message: 'delivery_address_required'`) and answers as that reason; anything else is `invalid_request` with the
 * field in `detail`, readable by whoever wrote the call ("card_id — not a field of bill orders").
 */
export function zodRefusal(error: z.ZodError): { reason: Reason; params: ReasonParams } {
  const issue = error.issues[0]
  if (!issue) return { reason: 'invalid_request', params: { detail: 'payload is invalid' } }
  // A typed text's refused character (src/contract/common.ts oneLine / lines): which field, for the app to point at.
  if (issue.message === TEXT_REFUSAL) return { reason: TEXT_REFUSAL, params: { field: issue.path.join('.') } }
  if (isReason(issue.message)) return { reason: issue.message, params: {} }
  const field = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k].join('.')).join(', ') : issue.path.join('.')
  const msg = issue.message === 'Required' ? `${field || 'payload'} is required` : issue.message
  return { reason: 'invalid_request', params: { detail: field && !msg.startsWith(field) ? `${field} — ${msg}` : msg } }
}

/** The envelope of a payload the contract's schema refused (zodRefusal). */
export function failZod(error: z.ZodError): Refusal {
  const { reason, params } = zodRefusal(error)
  return fail(reason, params)
}

/** The method of every path the server answers (its definition's: src/contract/api/). */
export const METHODS = Object.fromEntries(Object.entries(SCHEMAS).map(([path, e]) => [path, e.method])) as Record<ApiPath, 'GET' | 'POST'>

export interface RouteContext<P extends ApiPath> {
  input: z.output<(typeof SCHEMAS)[P]['req']>
  user: AuthUser | null
  /** The shopper's language (`lang` of the payload): names the system defines are answered in it (names.ts). */
  lang: ApiLang
  req: FastifyRequest
  reply: FastifyReply
}

/** What a route adds to its endpoint's definition: nothing of the contract (method, sign-in, schemas are the definition's). */
export interface RouteOptions {
  /** Per-client limit (@fastify/rate-limit): at most `max` calls per `timeWindow` ms from one address. */
  rateLimit?: { max: number; timeWindow: number; refusal: (retryInSeconds: number) => BizError }
}

type RouteHandler<P extends ApiPath> = (ctx: RouteContext<P>) => ApiRes<P> | Promise<ApiRes<P>>

/**
 * One endpoint of the contract, registered from its definition (src/contract/api/, issue 41): its method, its sign-in
 * (`auth: 'required'`: code -1 without a live session), its payload validated with its zod schema, its answer typed by
 * the contract — so server and client cannot drift apart. `opts` only for what is not the contract (a rate limit).
 */
export function defineRoute<P extends ApiPath>(app: FastifyInstance, db: Q, path: P, handler: RouteHandler<P>): void
export function defineRoute<P extends ApiPath>(app: FastifyInstance, db: Q, path: P, opts: RouteOptions, handler: RouteHandler<P>): void
export function defineRoute<P extends ApiPath>(app: FastifyInstance, db: Q, path: P, optsOrHandler: RouteOptions | RouteHandler<P>, lastHandler?: RouteHandler<P>): void {
  const opts = typeof optsOrHandler === 'function' ? {} : optsOrHandler
  const handler = (typeof optsOrHandler === 'function' ? optsOrHandler : lastHandler) as RouteHandler<P>
  const endpoint = SCHEMAS[path]
  const schema = endpoint.req as z.ZodTypeAny
  const method = endpoint.method
  const signInRequired = endpoint.auth === 'required'
  const limit = opts.rateLimit
  app.route({
    method,
    url: `/api/${path}`,
    config: limit
      ? {
          rateLimit: {
            max: limit.max,
            timeWindow: limit.timeWindow,
            // Thrown by the plugin; the error handler answers it as code 0 with this message.
            errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) => limit.refusal(Math.max(1, Math.ceil(ctx.ttl / 1000))),
          },
        }
      : undefined,
    // Not async: a signed-in caller the session cache knows (most calls) and a route that answers at once cost no
    // promise; Fastify sends what a handler returns and answers what it throws through the error handler, as for an
    // async one (docs/performance.md).
    handler: (req, reply) => {
      const answer = (user: AuthUser | null) => {
        if (signInRequired && !user) {
          const sent = req.headers[HEADER_TOKEN.toLowerCase()]
          return fail(sent ? 'session_expired' : 'login_required', {}, CODE.AUTH)
        }
        const source = method === 'GET' ? req.query : req.body
        const parsed = schema.safeParse(source ?? {})
        if (!parsed.success) return failZod(parsed.error)
        const data = handler({ input: parsed.data, user, lang: langOf(source), req, reply } as RouteContext<P>)
        return data instanceof Promise ? data.then(ok) : ok(data)
      }
      const user = authenticate(db, req)
      return user instanceof Promise ? user.then(answer) : answer(user)
    },
  })
}

export function requireUser(user: AuthUser | null): AuthUser {
  if (!user) throw refuse('login_required', {}, { code: CODE.AUTH })
  return user
}
