/**
 * One endpoint, defined once (issue 41): its method, whether it needs a signed-in shopper, its payload and answer
 * schemas and the words of its docs. The server registers its route from this (server/http/envelope.ts defineRoute),
 * SCHEMAS / Api in ../schemas.ts come from it, and `npm run gen:api` (scripts/gen-api.ts) writes from it the client's
 * path → method tables (../generated/, no zod on the client) and docs/api.md's endpoint index.
 */
import type { z } from 'zod'
import type { ConsoleArea } from '../consoleEndpoints'

export interface Endpoint {
  method: 'GET' | 'POST'
  /**
   * `required`: a signed-in shopper, else code -1 (`login_required` / `session_expired`). `optional`: anyone; the
   * handler still gets the shopper when the call carries a live session (member prices, "claimed", …).
   */
  auth: 'required' | 'optional'
  /** The payload (query of a GET, JSON body of a POST), validated by the server before the handler runs. */
  req: z.ZodTypeAny
  /** The answer's `data`. */
  res: z.ZodTypeAny
  /** One paragraph in English: what the call does, for docs/api.md's index. */
  doc: string
}

/** An area's endpoints, keyed by path (relative to `/api/`), their types kept exactly. */
export const defineApi = <T extends Record<string, Endpoint>>(endpoints: T): T => endpoints

/**
 * One operator's console call (`console.<area>/<verb>`), defined once as a shopper's endpoint is: its method, payload and
 * answer schemas and the words of its docs (../console.ts CONSOLE_API). No `auth`: a console call needs an operator's
 * session (header `Operator-Token`) and a role its area is open to (../consoleEndpoints.ts CONSOLE_AREA_ROLES), except
 * where the definition says `session: false` — signIn alone, the call that answers a session. The server registers its
 * route from this (server/http/routes/console.ts defineConsoleRoute); `npm run gen:api` writes the console's path →
 * method table (../generated/consoleEndpoints.ts, no zod in the console's build) and docs/api.md's console index.
 */
export interface ConsoleEndpoint extends Omit<Endpoint, 'auth'> {
  /** `false`: no operator session asked for (signIn only). Absent: a live session whose role the area is open to. */
  session?: false
}

/** The console's endpoints, keyed by path (relative to `/api/`, `console.<area>/<verb>`), their types kept exactly. */
export const defineConsoleApi = <T extends Record<`console.${ConsoleArea}/${string}`, ConsoleEndpoint>>(endpoints: T): T => endpoints
