import fs from 'node:fs'
import { z } from 'zod'

/**
 * Reading the server's environment (issue 40; docs/going-live.md "Every variable"). Every setting the server and its
 * providers read goes through here, once, at start:
 *
 * - a variable's value is `NAME`, or the contents of the file `NAME_FILE` names (trimmed) — keys and certificates are
 *   files an operator mounts, not text pasted into a shell; both set is an error (which one was meant?);
 * - blank is unset (`PORT=` is the default port, not port 0);
 * - a value that is not what the setting takes stops the start with the variable's name first and what it expects
 *   (`PORT: "abc" is not a whole number (0 to 65535)`), never a silent fallback (`SWEEP_MS=1m` was 60000 before);
 * - a secret's value is never in an error message, a log line or the doctor's print (only whether it is set and where from).
 *
 * Two ways in, the same rules: one variable at a time (`envText`, `envInt`, … — what a provider's config.ts calls), or a
 * zod schema keyed by the variables' names (`readEnv(env, { PORT: field.int(…), … })`: the server's configuration,
 * server/http/config.ts), which reports every wrong variable at once, one line each.
 *
 * Imports nothing of the server (lint: SERVER_ZONES), so every layer that reads settings may use it.
 */

/** The process environment, or a test's. */
export type Env = Readonly<Record<string, string | undefined>>

/** One wrong variable: its name and what is wrong (never its value when it is a secret). */
export interface EnvProblem {
  variable: string
  problem: string
}

/** The start cannot go on with these settings. The message is one line per problem, each starting with the variable's name. */
export class ConfigError extends Error {
  readonly problems: readonly EnvProblem[]
  constructor(problems: readonly EnvProblem[] | EnvProblem) {
    const list = Array.isArray(problems) ? problems : [problems as EnvProblem]
    super(list.map((p) => `${p.variable}: ${p.problem}`).join('\n'))
    this.name = 'ConfigError'
    this.problems = list
  }
  /** The first wrong variable's name. */
  get variable(): string {
    return this.problems[0]?.variable ?? ''
  }
}

/** One wrong variable: a ConfigError naming it (never its value when it is a secret). */
export const configError = (variable: string, problem: string): ConfigError => new ConfigError({ variable, problem })

/** Where a variable's value came from: the variable itself, or the file NAME_FILE names. */
export type EnvSource = { from: 'env' } | { from: 'file'; path: string }

const present = (raw: string | undefined): raw is string => raw !== undefined && raw.trim() !== ''

/** Where NAME's value comes from, or null when neither NAME nor NAME_FILE is set. Both set: a ConfigError. */
export function envSource(env: Env, name: string): EnvSource | null {
  const direct = present(env[name])
  const file = env[`${name}_FILE`]
  if (direct && present(file)) throw new ConfigError({ variable: name, problem: `set either ${name} or ${name}_FILE, not both` })
  if (present(file)) return { from: 'file', path: file.trim() }
  return direct ? { from: 'env' } : null
}

/** The contents of the file NAME_FILE names (trimmed), or undefined when NAME_FILE is not set. An unreadable file: a ConfigError. */
export function envFile(env: Env, name: string): string | undefined {
  const file = env[`${name}_FILE`]
  if (!present(file)) return undefined
  const at = file.trim()
  let text: string
  try {
    text = fs.readFileSync(at, 'utf8')
  } catch (error) {
    const code = (error as { code?: string }).code
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not readable by this process' : code === 'EISDIR' ? 'a directory, not a file' : String(code ?? 'unreadable')
    throw new ConfigError({ variable: `${name}_FILE`, problem: `cannot read ${at} (${why})` })
  }
  const trimmed = text.trim()
  if (!trimmed) throw new ConfigError({ variable: `${name}_FILE`, problem: `${at} is empty` })
  return trimmed
}

/**
 * NAME's text (trimmed), or the contents of NAME_FILE's file (trimmed); undefined when neither is set (blank is unset).
 * Both set, or a file that cannot be read: a ConfigError naming the variable.
 */
export function envText(env: Env, name: string): string | undefined {
  const source = envSource(env, name)
  if (!source) return undefined
  return source.from === 'file' ? envFile(env, name) : (env[name] as string).trim()
}

// ---- fields: zod schemas over a variable's text (undefined = unset) -------------------------------------------------

/** What the doctor may print of a field: a secret's value never. */
export type FieldKind = 'text' | 'int' | 'bool' | 'url' | 'enum' | 'secret'
const kinds = new WeakMap<z.ZodTypeAny, FieldKind>()
const kindOf = <T extends z.ZodTypeAny>(schema: T, kind: FieldKind): T => {
  kinds.set(schema, kind)
  return schema
}
/** The kind a field was made as (`field.secret()` → 'secret'); 'text' for a schema made otherwise. */
export const fieldKind = (schema: z.ZodTypeAny): FieldKind => kinds.get(schema) ?? 'text'

const raw = z.string().optional()
type Field<T> = z.ZodEffects<typeof raw, T, string | undefined>

const TRUE = new Set(['1', 'true', 'yes', 'on'])
const FALSE = new Set(['0', 'false', 'no', 'off'])

/** Quotes a value for an error message, shortened (a pasted key would fill the screen). */
const shown = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}…` : value)

function text(o: { fallback: string; pattern?: RegExp; what?: string; max?: number }): Field<string>
function text(o?: { pattern?: RegExp; what?: string; max?: number }): Field<string | null>
function text(o: { fallback?: string; pattern?: RegExp; what?: string; max?: number } = {}): Field<string | null> {
  return kindOf(
    raw.transform((value, ctx) => {
      if (value === undefined) return o.fallback ?? null
      if (o.max !== undefined && value.length > o.max) {
        ctx.addIssue({ code: 'custom', message: `${shown(value)} is longer than ${o.max} characters` })
        return z.NEVER
      }
      if (o.pattern && !o.pattern.test(value)) {
        ctx.addIssue({ code: 'custom', message: `${shown(value)} is not ${o.what ?? `text matching ${o.pattern}`}` })
        return z.NEVER
      }
      return value
    }),
    'text',
  )
}

/** A whole number min…max (unset: `fallback`). "1m", "2.5", "lots" stop the start. */
function int(o: { fallback: number; min: number; max: number; unit?: string }): Field<number> {
  const range = `${o.min} to ${o.max}${o.unit ? ` ${o.unit}` : ''}`
  return kindOf(
    raw.transform((value, ctx) => {
      if (value === undefined) return o.fallback
      if (!/^-?\d+$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: `${shown(value)} is not a whole number (${range})` })
        return z.NEVER
      }
      const n = Number(value)
      if (n < o.min || n > o.max) {
        ctx.addIssue({ code: 'custom', message: `${value} is outside ${range}` })
        return z.NEVER
      }
      return n
    }),
    'int',
  )
}

/** 1/true/yes/on or 0/false/no/off (any case); unset: `fallback` (null: "not said", the caller decides). */
function bool(fallback: boolean): Field<boolean>
function bool(fallback: null): Field<boolean | null>
function bool(fallback: boolean | null): Field<boolean | null> {
  return kindOf(
    raw.transform((value, ctx) => {
      if (value === undefined) return fallback
      const v = value.toLowerCase()
      if (TRUE.has(v)) return true
      if (FALSE.has(v)) return false
      ctx.addIssue({ code: 'custom', message: `${shown(value)} is not 1 or 0 (true/false, yes/no, on/off)` })
      return z.NEVER
    }),
    'bool',
  )
}

/**
 * An absolute URL (unset: null). `https`: only https:// (an address a provider or a shopper's phone reaches: WeChat and
 * Alipay call only https). `origin`: scheme://host[:port] and nothing after (no path, query or trailing slash).
 */
function url(o: { https?: boolean; origin?: boolean; protocols?: readonly string[]; what?: string } = {}): Field<string | null> {
  const protocols = o.protocols ?? (o.https ? ['https:'] : ['https:', 'http:'])
  const web = protocols.every((p) => p === 'https:' || p === 'http:')
  const expected = o.what ?? `${protocols.map((p) => `${p}//`).join(' or ')}${o.origin ? 'host[:port] (an origin: nothing after the host)' : '…'}`
  return kindOf(
    raw.transform((value, ctx) => {
      if (value === undefined) return null
      let parsed: URL | null = null
      try {
        parsed = new URL(value)
      } catch {
        parsed = null
      }
      // An origin written with a trailing slash is that origin.
      const origin = parsed ? `${parsed.protocol}//${parsed.host}` : ''
      const originOnly = parsed !== null && (origin === value || `${origin}/` === value)
      if (!parsed || !protocols.includes(parsed.protocol) || (web && !parsed.hostname) || (o.origin && !originOnly)) {
        // The scheme and host only: a URL may carry a password (DATABASE_URL).
        const what = parsed ? `${parsed.protocol}//${parsed.host}${o.origin && !originOnly ? '/…' : ''}` : shown(value)
        ctx.addIssue({ code: 'custom', message: `${what} is not ${expected}` })
        return z.NEVER
      }
      return o.origin ? origin : value
    }),
    'url',
  )
}

/** One of `values` (unset: `fallback`). */
function oneOf<const T extends string>(values: readonly T[], fallback: T): Field<T>
function oneOf<const T extends string>(values: readonly T[], fallback: null): Field<T | null>
function oneOf<const T extends string>(values: readonly T[], fallback: T | null): Field<T | null> {
  return kindOf(
    raw.transform((value, ctx) => {
      if (value === undefined) return fallback
      if ((values as readonly string[]).includes(value)) return value as T
      ctx.addIssue({ code: 'custom', message: `${shown(value)} is not one of ${values.join(', ')}` })
      return z.NEVER
    }),
    'enum',
  )
}

/** A secret (unset: null). Its value is never in a message: only its length when it is too short. */
function secret(o: { minLength?: number; exactLength?: number } = {}): Field<string | null> {
  return kindOf(
    raw.transform((value, ctx) => {
      if (value === undefined) return null
      if (o.exactLength !== undefined && value.length !== o.exactLength) {
        ctx.addIssue({ code: 'custom', message: `must be ${o.exactLength} characters (it has ${value.length})` })
        return z.NEVER
      }
      if (o.minLength !== undefined && value.length < o.minLength) {
        ctx.addIssue({ code: 'custom', message: `must be at least ${o.minLength} characters (it has ${value.length})` })
        return z.NEVER
      }
      return value
    }),
    'secret',
  )
}

/** The kinds of setting, as zod schemas over the variable's text (use them as the values of a `readEnv` shape). */
export const field = { text, int, bool, url, oneOf, secret }

export type EnvShape = Record<string, z.ZodType<unknown, z.ZodTypeDef, string | undefined>>
export type EnvValues<S extends EnvShape> = { [K in keyof S]: z.output<S[K]> }

/**
 * Reads every variable the shape names (its keys are the variables' names; each NAME or NAME_FILE) and checks them all;
 * any wrong one — every one, not only the first — stops with a ConfigError whose lines each start with a variable's name.
 */
export function readEnv<S extends EnvShape>(env: Env, shape: S): EnvValues<S> {
  const problems: EnvProblem[] = []
  const texts: Record<string, string | undefined> = {}
  for (const name of Object.keys(shape)) {
    try {
      texts[name] = envText(env, name)
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      problems.push(...error.problems)
    }
  }
  const parsed = z.object(shape).safeParse(texts)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0] ?? '')
      // A variable whose text could not be read is reported once, for the reading.
      if (!problems.some((p) => p.variable === variable || p.variable === `${variable}_FILE`)) problems.push({ variable, problem: issue.message })
    }
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return (parsed as { data: EnvValues<S> }).data
}

// ---- one variable at a time (a provider's config.ts) ----------------------------------------------------------------

const one = <T>(env: Env, name: string, schema: z.ZodType<T, z.ZodTypeDef, string | undefined>): T => readEnv(env, { [name]: schema })[name] as T

/** A whole number min…max, or `fallback` when unset. */
export const envInt = (env: Env, name: string, o: { fallback: number; min: number; max: number; unit?: string }): number => one(env, name, field.int(o))
/** 1/0 (true/false, yes/no, on/off), or `fallback` when unset. */
export const envBool = (env: Env, name: string, fallback: boolean): boolean => one(env, name, field.bool(fallback))
/** An absolute URL (see field.url), or null when unset. */
export const envUrl = (env: Env, name: string, o: { https?: boolean; origin?: boolean } = {}): string | null => one(env, name, field.url(o))
/** One of `values`, or `fallback` when unset. */
export const envEnum = <const T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T => one(env, name, field.oneOf(values, fallback))
/** A secret, or null when unset (never shown in a message). */
export const envSecret = (env: Env, name: string, o: { minLength?: number; exactLength?: number } = {}): string | null => one(env, name, field.secret(o))

/** What the doctor prints of a variable: a value, or for a secret only that it is set and where from. */
export function describeVariable(env: Env, name: string, kind: FieldKind): string {
  const source = envSource(env, name)
  if (!source) return 'not set'
  const where = source.from === 'file' ? ` (from ${name}_FILE ${source.path})` : ''
  if (kind === 'secret') return `set${where}`
  if (source.from === 'file') return `set${where}`
  const value = (env[name] as string).trim()
  // A URL may carry a password (DATABASE_URL): shown without it.
  if (kind === 'url' || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    try {
      const u = new URL(value)
      if (u.password) u.password = '***'
      return u.toString().replace(/\/$/, value.endsWith('/') ? '/' : '')
    } catch {
      return value
    }
  }
  return value
}
