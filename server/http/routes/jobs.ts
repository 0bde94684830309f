import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { pointOf } from '../../../src/contract/geo'
import { defineRoute, requireUser } from '../envelope'
import { answerReports, closeJob, confirmJob, jobContact, jobDetail, jobPage, reportJob, saveJob, storeJobPage } from '../../domain/jobs'
import { requireStaff } from '../../domain/store/store'

/**
 * Jobs (src/contract/jobEndpoints.ts; docs/api.md "Jobs"). The lists and a posting are open to anyone; the contact
 * and reports need a shopper; the store's calls pass requireStaff (anonymous → -1, no staff role → `no_permission`)
 * and touch only the staff member's own shop's postings. The rules and the transactions are server/domain/jobs.ts's.
 */
export function jobRoutes(app: FastifyInstance, db: Q): void {
  defineRoute(app, db, 'hui_public.job/index', ({ input }) =>
    jobPage(db, { at: pointOf(input), cityId: input.city_id, category: input.category, salaryMin: input.salary_min, keyword: input.keyword || undefined, page: input.page, pageSize: input.page_size }),
  )

  defineRoute(app, db, 'hui_public.job/read', async ({ input }) => ({ info: await jobDetail(db, input.id, pointOf(input)) }))

  // Limited per account and per client address (issue 43): req.ip is the connection's, or the proxy's word when TRUST_PROXY trusts it.
  defineRoute(app, db, 'personal.job/contact', ({ input, user, req }) => jobContact(db, requireUser(user).id, input.id, req.ip))

  defineRoute(app, db, 'personal.job/report', async ({ input, user }) => {
    await reportJob(db, requireUser(user).id, input.id, input.reason, input.note)
    return { reported: true as const }
  })

  defineRoute(app, db, 'hui_shanghu.store_job/index', async ({ input, user }) => storeJobPage(db, (await requireStaff(db, user)).shopId, input.page, input.page_size))

  defineRoute(app, db, 'hui_shanghu.store_job/save', async ({ input, user }) => {
    const { id, ...fields } = input
    return { info: await saveJob(db, (await requireStaff(db, user)).shopId, id, fields) }
  })

  defineRoute(app, db, 'hui_shanghu.store_job/close', async ({ input, user }) => ({ info: await closeJob(db, (await requireStaff(db, user)).shopId, input.id) }))

  defineRoute(app, db, 'hui_shanghu.store_job/confirm', async ({ input, user }) => ({ info: await confirmJob(db, (await requireStaff(db, user)).shopId, input.id) }))

  defineRoute(app, db, 'hui_shanghu.store_job/answerReports', async ({ input, user }) => ({
    info: await answerReports(db, (await requireStaff(db, user)).shopId, input.id, input.answer),
  }))
}
