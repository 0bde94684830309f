/**
 * Request and answer schema of every endpoint, keyed by path: the definitions of ./api/ (issue 41: method, sign-in,
 * schemas and docs in one place per endpoint). The server validates with these; the client imports only the `Api`
 * type (`import type`), so a renamed field breaks the type-check on both sides.
 */
import type { z } from 'zod'
import { API } from './api'

export const SCHEMAS = API

/** Every path of the app's API (the client's tables in ./generated/ are written from the same definitions). */
export type ApiPath = keyof typeof SCHEMAS

type Schemas = typeof SCHEMAS
export type Api = { [P in ApiPath]: { req: z.input<Schemas[P]['req']>; res: z.output<Schemas[P]['res']> } }
export type ApiReq<P extends ApiPath> = Api[P]['req']
export type ApiRes<P extends ApiPath> = Api[P]['res']
