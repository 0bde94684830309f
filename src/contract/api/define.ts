/**
 * One endpoint, defined once (issue 41): its method, whether it needs a signed-in shopper, its payload and answer
 * schemas and the words of its docs. The server registers its route from this (server/http/envelope.ts defineRoute),
 * SCHEMAS / Api in ../schemas.ts come from it, and `npm run gen:api` (scripts/gen-api.ts) writes from it the client's
 * path → method tables (../generated/, no zod on the client) and docs/api.md's endpoint index.
 */
import type { z } from 'zod'

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
