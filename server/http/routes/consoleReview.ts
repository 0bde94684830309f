import type { FastifyInstance } from 'fastify'
import type { Q } from '../../storage/query'
import { defineConsoleRoute } from './console'
import { decideJob, decideName, decideOwner, jobsPage, namesPage, ownerlessPage, shopOwner } from '../../domain/console/review'

/**
 * The console's reviews (issue 45, d45-decide; src/contract/consoleEndpoints.ts area `review`, docs/api.md "Console:
 * reviews"): shop name changes, reported job postings, a shop's owner — admin and reviewer. Each decision runs the
 * merchant domain's own function with its audit row in one transaction (server/domain/console/review.ts).
 */
export function consoleReviewRoutes(app: FastifyInstance, db: Q): void {
  const langOf = (lang: string | undefined) => (lang === 'en' ? 'en' : 'zh')
  // ——— Shop name changes ———
  defineConsoleRoute(app, db, 'console.review/names', async ({ input }) => namesPage(db, langOf(input.lang), input.page, input.page_size))
  defineConsoleRoute(app, db, 'console.review/nameApprove', async ({ input, session }) => decideName(db, session.operator.id, langOf(input.lang), input.id, { approve: true, reason: input.reason ?? null }))
  defineConsoleRoute(app, db, 'console.review/nameReject', async ({ input, session }) => decideName(db, session.operator.id, langOf(input.lang), input.id, { approve: false, reason: input.reason }))
  // ——— Reported job postings ———
  defineConsoleRoute(app, db, 'console.review/jobs', async ({ input }) => jobsPage(db, input.page, input.page_size))
  defineConsoleRoute(app, db, 'console.review/jobKeep', async ({ input, session }) => decideJob(db, session.operator.id, input.id, false, input.reason))
  defineConsoleRoute(app, db, 'console.review/jobHide', async ({ input, session }) => decideJob(db, session.operator.id, input.id, true, input.reason))
  // ——— A shop's owner ———
  defineConsoleRoute(app, db, 'console.review/ownerless', async ({ input }) => ownerlessPage(db, langOf(input.lang), input.page, input.page_size))
  defineConsoleRoute(app, db, 'console.review/shop', async ({ input }) => shopOwner(db, langOf(input.lang), input.id))
  defineConsoleRoute(app, db, 'console.review/nameOwner', async ({ input, session }) => decideOwner(db, session.operator.id, langOf(input.lang), input))
}
