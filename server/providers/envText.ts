import fs from 'node:fs'

/**
 * A private copy of server/env.ts's `envText` for the SMS and WeChat configurations (issue 40: the design lets a provider's
 * config.ts carry one until server/env.ts lands; the lead folds it into server/env.ts at the merge). Same rules: NAME's
 * text or the contents of the file NAME_FILE names, trimmed; blank is unset; both set, or a file that cannot be read,
 * stops the start with an Error whose message starts with the variable's name.
 */

export type Env = Readonly<Record<string, string | undefined>>

const present = (raw: string | undefined): raw is string => raw !== undefined && raw.trim() !== ''

/** A configuration mistake: the message starts with the variable's name (never its value when it is a secret). */
export function configError(variable: string, problem: string): Error {
  const error = new Error(`${variable}: ${problem}`)
  error.name = 'ConfigError'
  return error
}

export function envText(env: Env, name: string): string | undefined {
  const direct = present(env[name])
  const file = env[`${name}_FILE`]
  if (direct && present(file)) throw configError(name, `set either ${name} or ${name}_FILE, not both`)
  if (present(file)) {
    const at = file.trim()
    let text: string
    try {
      text = fs.readFileSync(at, 'utf8')
    } catch (error) {
      const code = (error as { code?: string }).code
      throw configError(`${name}_FILE`, `cannot read ${at} (${code === 'ENOENT' ? 'no such file' : String(code ?? 'unreadable')})`)
    }
    if (!text.trim()) throw configError(`${name}_FILE`, `${at} is empty`)
    return text.trim()
  }
  return direct ? (env[name] as string).trim() : undefined
}
