import type { FastifyInstance } from 'fastify'
import { pointOf } from '../../../src/contract/geo'
import type { DB } from '../../storage/db'
import { defineRoute, requireUser } from '../envelope'
import { answerReports, closeJob, confirmJob, jobContact, jobDetail, jobPage, reportJob, saveJob, storeJobPage } from '../../domain/jobs'
import { requireStaff } from '../../domain/store/store'

/**
 * Jobs (src/contract/jobEndpoints.ts; docs/api.md "Jobs"). The lists and a posting are open to anyone; the contact
 * and reports need a shopper; the store's calls pass requireStaff (anonymous → -1, no staff role → `no_permission`)
 * and touch only the staff member's own shop's postings.
 */
export function jobRoutes(app: FastifyInstance, db: DB): void {
  defineRoute(app, db, 'hui_public.job/index', { auth: false }, ({ input }) =>
    jobPage(db, { at: pointOf(input), cityId: input.city_id, category: input.category, salaryMin: input.salary_min, keyword: input.keyword || undefined, page: input.page, pageSize: input.page_size }),
  )

  defineRoute(app, db, 'hui_public.job/read', { auth: false }, ({ input }) => ({ info: jobDetail(db, input.id, pointOf(input)) }))

  defineRoute(app, db, 'personal.job/contact', { auth: true }, ({ input, user }) => jobContact(db, requireUser(user).id, input.id))

  defineRoute(app, db, 'personal.job/report', { auth: true }, ({ input, user }) => {
    reportJob(db, requireUser(user).id, input.id, input.reason, input.note)
    return { reported: true as const }
  })

  defineRoute(app, db, 'hui_shanghu.store_job/index', { auth: true }, ({ input, user }) => storeJobPage(db, requireStaff(db, user).shopId, input.page, input.page_size))

  defineRoute(app, db, 'hui_shanghu.store_job/save', { auth: true }, ({ input, user }) => {
    const { id, ...fields } = input
    return { info: saveJob(db, requireStaff(db, user).shopId, id, fields) }
  })

  defineRoute(app, db, 'hui_shanghu.store_job/close', { auth: true }, ({ input, user }) => ({ info: closeJob(db, requireStaff(db, user).shopId, input.id) }))

  defineRoute(app, db, 'hui_shanghu.store_job/confirm', { auth: true }, ({ input, user }) => ({ info: confirmJob(db, requireStaff(db, user).shopId, input.id) }))

  defineRoute(app, db, 'hui_shanghu.store_job/answerReports', { auth: true }, ({ input, user }) => ({ info: answerReports(db, requireStaff(db, user).shopId, input.id, input.answer) }))
}
