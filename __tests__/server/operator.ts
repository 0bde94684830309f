/**
 * The operator's console as its tests call it (issue 45): an endpoint by its path (src/contract/consoleEndpoints.ts,
 * GET's payload as the query) with an operator's token, and a demo operator of a role signed in at a moment.
 */
import { CONSOLE_ENDPOINTS, type ConsoleEndpointPath, type OperatorRole } from '../../src/contract/consoleEndpoints'
import { DEMO_OPERATORS } from '../../server/demo/seedOperators'
import { totpCode } from '../../server/domain/console/secrets'
import { holdServerClock, type TestServer } from './helpers'

/** The envelope as the console reads it. */
export interface Answer<T = Record<string, unknown>> {
  code: number
  msg: string
  data: T
  reason?: string
  params?: Record<string, unknown>
}

export interface OperatorCalls {
  /** The endpoint at `path` with `token` (the operator-token header): its answer. */
  consoleCall: <T = Record<string, unknown>>(path: ConsoleEndpointPath, payload: Record<string, unknown>, token: string) => Promise<Answer<T>>
  /**
   * Signs the role's demo operator in at `at` (the clock is held there: the session lives on it; each sign-in needs a
   * TOTP step of its own): the session's token.
   */
  signIn: (role: OperatorRole, at: number) => Promise<string>
}

/** `server()`: the test server of the moment (a file's `s`, set in its beforeAll). `httpOk`: every answer's status is also 200. */
export function operatorCalls(server: () => TestServer, { httpOk = false }: { httpOk?: boolean } = {}): OperatorCalls {
  return {
    consoleCall: async <T = Record<string, unknown>>(path: ConsoleEndpointPath, payload: Record<string, unknown>, token: string) => {
      const method = CONSOLE_ENDPOINTS[path]
      const res = await server().app.inject({
        method,
        url: `/api/${path}`,
        headers: { 'operator-token': token },
        ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) } : { payload }),
      })
      if (httpOk) expect(res.statusCode).toBe(200)
      return res.json() as Answer<T>
    },
    signIn: async (role, at) => {
      const o = DEMO_OPERATORS.find((d) => d.role === role) as (typeof DEMO_OPERATORS)[number]
      holdServerClock(at)
      const res = await server().app.inject({ method: 'POST', url: '/api/console.auth/signIn', payload: { username: o.username, password: o.password, totp: totpCode(o.totpSecret, at) } })
      const body = res.json() as Answer<{ token: string }>
      expect(body).toMatchObject({ code: 1 })
      return body.data.token
    },
  }
}
