import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { pointOf } from '../../../src/contract/geo'
import type { Storage } from '../../storage/engine'
import { defineRoute, requireUser } from '../envelope'
import { answerReports, closeJob, confirmJob, jobContact, jobDetail, jobPage, reportJob, saveJob, storeJobPage } from '../../domain/jobs'
import { requireStaff } from '../../domain/store/store'

/**
 * Jobs (src/contract/jobEndpoints.ts; docs/api.md "Jobs"). The lists and a posting are open to anyone; the contact
 * and reports need a shopper; the store's calls pass requireStaff (anonymous → -1, no staff role → `no_permission`)
 * and touch only the staff member's own shop's postings. The rules and the transactions are server/domain/jobs.ts's, on
 * the storage seam (`storage`); `db` still authenticates the session and the staff role (not moved yet).
 */
export function jobRoutes(app: FastifyInstance, db: Q, storage: Storage): void {
  defineRoute(app, db, 'hui_public.job/index', { auth: false }, ({ input }) =>
    jobPage(storage, { at: pointOf(input), cityId: input.city_id, category: input.category, salaryMin: input.salary_min, keyword: input.keyword || undefined, page: input.page, pageSize: input.page_size }),
  )

  defineRoute(app, db, 'hui_public.job/read', { auth: false }, async ({ input }) => ({ info: await jobDetail(storage, input.id, pointOf(input)) }))

  // Limited per account and per client address (issue 43): req.ip is the connection's, or the proxy's word when TRUST_PROXY trusts it.
  defineRoute(app, db, 'personal.job/contact', { auth: true }, ({ input, user, req }) => jobContact(storage, requireUser(user).id, input.id, req.ip))

  defineRoute(app, db, 'personal.job/report', { auth: true }, async ({ input, user }) => {
    await reportJob(storage, requireUser(user).id, input.id, input.reason, input.note)
    return { reported: true as const }
  })

  defineRoute(app, db, 'hui_shanghu.store_job/index', { auth: true }, async ({ input, user }) => storeJobPage(storage, (await requireStaff(db, user)).shopId, input.page, input.page_size))

  defineRoute(app, db, 'hui_shanghu.store_job/save', { auth: true }, async ({ input, user }) => {
    const { id, ...fields } = input
    return { info: await saveJob(storage, (await requireStaff(db, user)).shopId, id, fields) }
  })

  defineRoute(app, db, 'hui_shanghu.store_job/close', { auth: true }, async ({ input, user }) => ({ info: await closeJob(storage, (await requireStaff(db, user)).shopId, input.id) }))

  defineRoute(app, db, 'hui_shanghu.store_job/confirm', { auth: true }, async ({ input, user }) => ({ info: await confirmJob(storage, (await requireStaff(db, user)).shopId, input.id) }))

  defineRoute(app, db, 'hui_shanghu.store_job/answerReports', { auth: true }, async ({ input, user }) => ({
    info: await answerReports(storage, (await requireStaff(db, user)).shopId, input.id, input.answer),
  }))
}
