import type { Q } from '../storage/query'
import * as seed from '../storage/seed/demo'
import { nowMs } from '../time'

const DAY_MS = 86_400_000

/**
 * Demo job postings (issue 26) by shops in Shenzhen and Guangzhou, each posted or confirmed "still hiring" some days
 * before the moment the database is seeded (the server's clock), so all are listed for days to come; one expired
 * (confirmed 31 days before) shows on its shop's workbench only. Added once, to a database without postings.
 */
const JOBS: ReadonlyArray<{ shop: number; title: string; category: string; min: number; max: number; n: number; hours: string; req: string; ben: string; name: string; phone: string; daysAgo: number }> = [
  { shop: 1, title: '川菜厨师', category: 'restaurant', min: 7000, max: 10000, n: 2, hours: '10:00-14:00, 17:00-21:00，月休 4 天', req: '两年以上川菜热菜经验，持健康证', ben: '包吃住，五险，节日福利', name: '王师傅', phone: '13800000101', daysAgo: 2 },
  { shop: 1, title: '餐厅服务员', category: 'restaurant', min: 4500, max: 5500, n: 3, hours: '早晚两班轮换，每天 8 小时', req: '18-40 岁，形象端正，普通话流利', ben: '包两餐，满勤奖 300 元', name: '李经理', phone: '13800000102', daysAgo: 5 },
  { shop: 2, title: '茶餐厅收银员', category: 'restaurant', min: 4800, max: 6000, n: 1, hours: '09:00-18:00，做六休一', req: '会使用收银系统，细心负责', ben: '包午餐，年底双薪', name: '陈小姐', phone: '13800000201', daysAgo: 1 },
  { shop: 3, title: '美发助理', category: 'beauty', min: 4000, max: 8000, n: 2, hours: '10:00-22:00 轮班', req: '热爱美发行业，可零基础带薪学习', ben: '提成 + 底薪，免费培训', name: '阿杰', phone: '13800000301', daysAgo: 3 },
  { shop: 5, title: '洗衣店店员', category: 'service', min: 4200, max: 5000, n: 1, hours: '08:30-18:30，月休 4 天', req: '做事认真，会简单熨烫优先', ben: '包住，五险', name: '周阿姨', phone: '13800000501', daysAgo: 8 },
  { shop: 8, title: '便利店夜班店员', category: 'retail', min: 5500, max: 6500, n: 2, hours: '22:00-次日 07:00', req: '18 岁以上，能适应夜班', ben: '夜班补贴，包宵夜，五险一金', name: '刘店长', phone: '13800000801', daysAgo: 4 },
  { shop: 9, title: '湘菜砧板', category: 'restaurant', min: 6000, max: 8000, n: 1, hours: '10:00-21:00，中间休息 2 小时', req: '一年以上砧板经验', ben: '包吃住，工龄奖', name: '谭师傅', phone: '13800000901', daysAgo: 6 },
  { shop: 6, title: '加油站加油员', category: 'fuel', min: 5000, max: 6000, n: 4, hours: '三班倒，每班 8 小时', req: '身体健康，有责任心', ben: '五险一金，包吃住，年终奖', name: '黄站长', phone: '13800000601', daysAgo: 10 },
  { shop: 12, title: '加油站收银员', category: 'fuel', min: 5200, max: 6200, n: 2, hours: '两班倒', req: '高中以上学历，会电脑操作', ben: '五险一金，包工作餐', name: '梁站长', phone: '13800001201', daysAgo: 2 },
  { shop: 15, title: '便利店店长', category: 'retail', min: 8000, max: 12000, n: 1, hours: '09:00-18:00，做五休二', req: '三年以上零售门店管理经验', ben: '绩效奖金，五险一金，带薪年假', name: '何经理', phone: '13800001501', daysAgo: 7 },
  { shop: 3, title: '美甲师（已过期）', category: 'beauty', min: 5000, max: 9000, n: 1, hours: '10:00-21:00', req: '持证美甲师', ben: '高提成', name: '阿杰', phone: '13800000302', daysAgo: 31 },
]

export async function seedJobs(q: Q): Promise<void> {
  if ((await seed.countRows(q, 'jobs')) > 0) return
  const now = nowMs()
  for (const j of JOBS) {
    if (!(await seed.hasId(q, 'shops', j.shop))) continue
    const at = now - j.daysAgo * DAY_MS
    await seed.insertJob(q, {
      shop_id: j.shop,
      title: j.title,
      category: j.category,
      salary_min: j.min,
      salary_max: j.max,
      headcount: j.n,
      hours: j.hours,
      requirements: j.req,
      benefits: j.ben,
      contact_name: j.name,
      contact_phone: j.phone,
      created_at: at,
      refreshed_at: at,
    })
  }
}
