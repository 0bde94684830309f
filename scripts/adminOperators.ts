/**
 * The console's first administrator (issue 45; docs/operations.md "The operator's console"), from the command line on
 * the server's database — the console cannot create its first operator itself:
 *
 *   npm run admin -- operator-add USERNAME NAME ROLE [--password-stdin]
 *
 * ROLE is admin, content, finance or reviewer. With --password-stdin the password is the first line of stdin (12–128
 * characters; nothing echoed); without it one is generated and printed once. The TOTP secret and its otpauth:// URI
 * are printed once: add them to an authenticator app now, they are never shown again (an administrator can give a new
 * one in the console: console.operator/resetTotp). Made here, the operator has no creator (created_by NULL) and no
 * audit row: nobody signed in made it.
 */
import crypto from 'node:crypto'
import type { Q } from '../server/storage/query'
import { OperatorCreatePayload } from '../src/contract/console'
import { isReason, reasonText } from '../src/contract/reasons'
import { createOperator } from '../server/domain/console/accounts'
import { row, UsageError } from './adminText'

export const OPERATOR_USAGE = 'operator-add USERNAME NAME admin|content|finance|reviewer [--password-stdin]'

export interface OperatorArgs {
  username: string
  name: string
  role: string
  passwordFromStdin: boolean
}

/** Checked before the database is opened (a usage mistake writes nothing). */
export function operatorArgsOf(rest: string[]): OperatorArgs {
  const flags = rest.filter((a) => a.startsWith('--'))
  const words = rest.filter((a) => !a.startsWith('--'))
  if (words.length !== 3 || flags.some((f) => f !== '--password-stdin')) throw new UsageError(`operator-add needs USERNAME NAME ROLE [--password-stdin], got: ${rest.join(' ')}`)
  return { username: words[0], name: words[1], role: words[2], passwordFromStdin: flags.includes('--password-stdin') }
}

/** 18 random bytes as base64url: 24 characters. */
const generated = () => crypto.randomBytes(18).toString('base64url')

export async function addOperator(db: Q, args: OperatorArgs, readPassword: () => Promise<string>, out: (line: string) => void): Promise<number> {
  const password = args.passwordFromStdin ? (await readPassword()).replace(/\r?\n$/, '') : generated()
  const parsed = OperatorCreatePayload.safeParse({ username: args.username, name: args.name, role: args.role, password })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new UsageError(isReason(issue.message) ? reasonText(issue.message, 'en') : `${issue.path.join('.')}: ${issue.message}`)
  }
  const made = await createOperator(db, { username: parsed.data.username, name: parsed.data.name, role: parsed.data.role, password: parsed.data.password }, null)
  out(row(`operator #${made.operator.id} ${made.operator.username} (${made.operator.role}) created`))
  if (!args.passwordFromStdin) out(`password (shown once): ${password}`)
  out(`TOTP secret (shown once): ${made.totp_secret}`)
  out(`otpauth URI (shown once; a QR code of it for the authenticator app): ${made.otpauth_uri}`)
  return 0
}

/** The first line of stdin (the password), without echoing it anywhere. */
export function firstLineOfStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    process.stdin.setEncoding('utf8')
    process.stdin.on('data', (chunk: string) => {
      text += chunk
      const nl = text.indexOf('\n')
      if (nl >= 0) {
        process.stdin.pause()
        resolve(text.slice(0, nl))
      }
    })
    process.stdin.on('end', () => resolve(text))
    process.stdin.on('error', reject)
  })
}
