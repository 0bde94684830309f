import type { Q } from '../storage/query'
import { addOperator } from '../storage/seed/demo'
import type { OperatorRole } from '../../src/contract/consoleEndpoints'

/**
 * The demo's operators of the console (issue 45; docs/sandbox.md "The operator's console"): one per role, with a known
 * password and a known TOTP secret, so a person trying the demo — and the console's browser journey, which computes the
 * codes from the secret with the same library (otpauth) — can sign in. Seeded with the demo data only (server/demo/seed.ts):
 * never in a production start (__tests__/server/production.test.ts). The hashes are the passwords' scrypt hashes
 * (server/domain/console/secrets.ts), computed once, so seeding costs no scrypt.
 */
export const DEMO_OPERATORS: ReadonlyArray<{ username: string; name: string; role: OperatorRole; password: string; totpSecret: string; hash: string }> = [
  { username: 'demo-admin', name: '演示管理员', role: 'admin', password: 'admin-demo-2026', totpSecret: 'ERMCVTWHJ6J6PAZL6EKDIVSYHIIQ6YPS', hash: 'scrypt$32768$8$1$ozIss9eQOi3MLe0qaXpe/Q==$LXlkxSUtHSVBFrtNxfFLEc8gQS9QoY1bSaV8x2IReZ18YUHVZBRz7Xb8Ug/DD843v4fQJkm+PymLTC2CG4EO2g==' },
  { username: 'demo-content', name: '演示内容运营', role: 'content', password: 'content-demo-2026', totpSecret: 'OM3XU4PO6ZMPIS4Z6Q5ZMOWX2BCM6BE7', hash: 'scrypt$32768$8$1$pClBMsXXype9ugUgieffMg==$IPoDhBzcwcoW/ZUBWaxSRPfRJwSOCnFD2nQMSJA4CgOx6ZhTTLUYCbKEBtaA71dM6iqmFHO3x9bGESNEwRUF8w==' },
  { username: 'demo-finance', name: '演示财务', role: 'finance', password: 'finance-demo-2026', totpSecret: 'NGBRDZOXU7VLASC4MPYGZIPWWFY7NIND', hash: 'scrypt$32768$8$1$JHlNOiOiVQ+yEVgLPFsy4g==$/OnXCzlfewBJ9o8qXiYsGOASFoPe7XJokHNk0ibcwnMKIzPOdr1l0ckMFThWuzhsWJMqCbslOc4Mo67KitfNkw==' },
  { username: 'demo-reviewer', name: '演示审核员', role: 'reviewer', password: 'reviewer-demo-2026', totpSecret: 'DMFDXR6XVF4DKVJUINT2QJ4TGBJEV4X6', hash: 'scrypt$32768$8$1$n7pTSY9SpMPQo4dNxx3Cpg==$lGO4mJKvRYG5mK6i/IgSxjTWJgCdACmNfwYAZHWOi+22ckhN7ed2kk8++5OyDaGNW+Kcww8R8pr3DgHdDQLh/A==' },
]

/** Each demo operator once (a database seeded before the console gets them too). */
export async function seedOperators(q: Q): Promise<void> {
  for (const o of DEMO_OPERATORS) await addOperator(q, { username: o.username, name: o.name, role: o.role, password_hash: o.hash, totp_secret: o.totpSecret, created_at: Date.UTC(2026, 0, 1) })
}
