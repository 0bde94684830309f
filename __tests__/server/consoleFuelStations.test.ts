/**
 * A fuel station's grades and pumps in the console (issue 45, f45-fuel): a content operator's change reaches the
 * shopper's station page at once (grades, prices, pumps); a grade added takes its first price through the price changes'
 * rule, so quotes and orders work at once; a grade switched off cannot be ordered while an order paid before keeps what
 * it was paid at; a pump an unpaid order names stays; every write leaves its audit row. Runs on PostgreSQL too
 * (TEST_DATABASE_URL).
 */
import type { OperatorRole } from '../../src/contract/consoleEndpoints'
import type { FuelStationAnswer } from '../../src/contract/console'
import type { PriceQuote } from '../../src/contract/order'
import { startServer, type TestServer } from './helpers'
import { operatorCalls } from './operator'

interface ShopperStation {
  info: { grades: Array<{ grade: string; price: number; member_price: number }>; pumps: number[] }
}

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())
afterEach(() => jest.restoreAllMocks())

/** Moments on the server's clock far apart (each sign-in takes a fresh TOTP step). */
let base = Date.UTC(2027, 6, 1, 2)
const freshMoment = () => (base += 24 * 3600_000)

const { consoleCall, signIn } = operatorCalls(() => s)
const tokenOf = (role: OperatorRole, at = freshMoment()) => signIn(role, at)
const newId = () => `req-${Math.random().toString(36).slice(2, 12)}`

const shopperStation = async (id: number) => (await s.call<ShopperStation>('GET', 'hui_shanghu.oil_station/read', { id })).body.data.info
const auditOf = (id: number) =>
  s.rows<{ action: string; before_json: string | null; after_json: string | null; reason: string | null }>("SELECT action, before_json, after_json, reason FROM operator_audit WHERE target_kind = 'oil_station' AND target_id = ? ORDER BY id", String(id))
const oil = (shopId: number, extra: Record<string, unknown> = {}) => ({ kind: 'oil', shop_id: shopId, amount: 20000, oil_grade: '92#', pump_no: 1, ...extra })

/** A fuel order created and paid (H5, the sandbox cashier) at the held moment. */
async function paidFuel(token: string, shopId: number, grade: string, pump: number) {
  const quote = await s.call<PriceQuote>('POST', 'personal.order/preCreate', oil(shopId, { oil_grade: grade, pump_no: pump }), token)
  const created = await s.call<{ order_info: { id: number; pay_amount: number; oil: { litre_price: number } } }>('POST', 'personal.order/create', { ...oil(shopId, { oil_grade: grade, pump_no: pump, quoted_price: quote.body.data.oil?.litre_price }), client_request_id: newId() }, token)
  expect(created.body.code).toBe(1)
  const id = created.body.data.order_info.id
  expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, token)).body.code).toBe(1)
  expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
  return created.body.data.order_info
}

describe('a station’s grades', () => {
  it('a grade added with its first price is on the shopper’s station page at once, quotable and orderable; reordering shows in that order', async () => {
    const token = await tokenOf('content')
    expect((await shopperStation(13)).grades.map((g) => g.grade)).toEqual(['92#', '95#', '0#'])
    const added = await consoleCall<FuelStationAnswer>('console.fuel/addGrade', { shop_id: 13, grade: '98#', price: 931, reason: 'new tank' }, token)
    expect(added).toMatchObject({ code: 1, data: { station: { id: 13, grades: [{ grade: '92#' }, { grade: '95#' }, { grade: '0#' }, { grade: '98#', price: 931, offered: true }] } } })
    const page = await shopperStation(13)
    expect(page.grades.map((g) => [g.grade, g.price])).toEqual([
      ['92#', expect.any(Number)],
      ['95#', expect.any(Number)],
      ['0#', expect.any(Number)],
      ['98#', 931],
    ])
    // Through the price changes' own rule: the console's price list shows it, a quote and an order read it.
    expect(await s.rows('SELECT price FROM oil_price_changes WHERE shop_id = 13 AND grade = ?', '98#')).toEqual([{ price: 931 }])
    const shopper = await s.login('13700004601')
    const order = await paidFuel(shopper.token, 13, '98#', 2)
    expect(order.oil.litre_price).toBe(931)

    const ordered = await consoleCall<FuelStationAnswer>('console.fuel/orderGrades', { shop_id: 13, grades: ['98#', '92#', '95#', '0#'] }, token)
    expect(ordered.data.station.grades.map((g) => g.grade)).toEqual(['98#', '92#', '95#', '0#'])
    expect((await shopperStation(13)).grades.map((g) => g.grade)).toEqual(['98#', '92#', '95#', '0#'])

    expect((await auditOf(13)).map((r) => [r.action, r.reason])).toEqual([
      ['fuel.addGrade', 'new tank'],
      ['fuel.orderGrades', null],
    ])
    const [add, move] = await auditOf(13)
    expect((JSON.parse(add.before_json as string) as unknown[]).length).toBe(3)
    expect(JSON.parse(add.after_json as string)).toContainEqual({ grade: '98#', price: 931, offered: true })
    expect([JSON.parse(move.before_json as string), JSON.parse(move.after_json as string)]).toEqual([
      ['92#', '95#', '0#', '98#'],
      ['98#', '92#', '95#', '0#'],
    ])
  })

  it('a grade switched off leaves the shopper’s page and cannot be ordered; an order paid before keeps its amount; on again, it is back', async () => {
    const at = freshMoment()
    const token = await tokenOf('content', at)
    const shopper = await s.login('13700004602')
    const paid = await paidFuel(shopper.token, 16, '95#', 1)
    const off = await consoleCall<FuelStationAnswer>('console.fuel/setGradeOffered', { shop_id: 16, grade: '95#', offered: false, reason: 'tank empty' }, token)
    expect(off.data.station.grades.find((g) => g.grade === '95#')).toMatchObject({ offered: false })
    expect((await shopperStation(16)).grades.map((g) => g.grade)).not.toContain('95#')
    const refused = await s.call('POST', 'personal.order/create', { ...oil(16, { oil_grade: '95#', quoted_price: paid.oil.litre_price }), client_request_id: newId() }, shopper.token)
    expect(refused.body).toMatchObject({ code: 0, reason: 'oil_grade_not_sold' })
    const read = await s.call<{ info: { pay_amount: number; oil: { litre_price: number } } }>('GET', 'personal.order/read', { id: paid.id }, shopper.token)
    expect(read.body.data.info).toMatchObject({ pay_amount: paid.pay_amount, oil: { litre_price: paid.oil.litre_price } })
    // A price change may still be stated for it (the operator prepares its return); shoppers see nothing until it is on.
    await consoleCall('console.fuel/setGradeOffered', { shop_id: 16, grade: '95#', offered: true }, token)
    expect((await shopperStation(16)).grades.map((g) => g.grade)).toContain('95#')
    expect((await auditOf(16)).map((r) => [r.action, JSON.parse(r.before_json as string), JSON.parse(r.after_json as string), r.reason])).toEqual([
      ['fuel.gradeOff', { grade: '95#', offered: true }, { grade: '95#', offered: false }, 'tank empty'],
      ['fuel.gradeOn', { grade: '95#', offered: false }, { grade: '95#', offered: true }, null],
    ])
  })
})

describe('a station’s pumps', () => {
  it('a pump added is on the shopper’s page at once; one named by an unpaid order stays until it is paid', async () => {
    const at = freshMoment()
    const token = await tokenOf('content', at)
    expect((await shopperStation(14)).pumps).toEqual([1, 2, 3, 4, 5, 6])
    expect(await consoleCall<FuelStationAnswer>('console.fuel/addPump', { shop_id: 14, pump_no: 12 }, token)).toMatchObject({ code: 1, data: { station: { pumps: [1, 2, 3, 4, 5, 6, 12] } } })
    expect((await shopperStation(14)).pumps).toEqual([1, 2, 3, 4, 5, 6, 12])

    const shopper = await s.login('13700004603')
    const quote = await s.call<PriceQuote>('POST', 'personal.order/preCreate', oil(14, { pump_no: 12 }), shopper.token)
    const unpaid = await s.call<{ order_info: { id: number } }>('POST', 'personal.order/create', { ...oil(14, { pump_no: 12, quoted_price: quote.body.data.oil?.litre_price }), client_request_id: newId() }, shopper.token)
    expect(unpaid.body.code).toBe(1)
    expect(await consoleCall('console.fuel/removePump', { shop_id: 14, pump_no: 12 }, token)).toMatchObject({ code: 0, reason: 'console_fuel_pump_in_use', params: { pump: 12, count: 1 } })
    expect((await shopperStation(14)).pumps).toContain(12)
    // Another pump of the station goes at once.
    expect(await consoleCall<FuelStationAnswer>('console.fuel/removePump', { shop_id: 14, pump_no: 6 }, token)).toMatchObject({ code: 1, data: { station: { pumps: [1, 2, 3, 4, 5, 12] } } })
    expect((await shopperStation(14)).pumps).toEqual([1, 2, 3, 4, 5, 12])

    const id = unpaid.body.data.order_info.id
    expect((await s.call('POST', 'personal.order/payparam', { id, platform: 'h5', pay_channel: 6 }, shopper.token)).body.code).toBe(1)
    expect((await s.call('POST', 'sandbox/confirmPay', { id, result: 'success' })).body.code).toBe(1)
    expect(await consoleCall<FuelStationAnswer>('console.fuel/removePump', { shop_id: 14, pump_no: 12, reason: 'out of service' }, token)).toMatchObject({ code: 1, data: { station: { pumps: [1, 2, 3, 4, 5] } } })
    expect((await shopperStation(14)).pumps).toEqual([1, 2, 3, 4, 5])
    expect((await auditOf(14)).map((r) => [r.action, JSON.parse(r.before_json as string), JSON.parse(r.after_json as string), r.reason])).toEqual([
      ['fuel.addPump', [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 12], null],
      ['fuel.removePump', [1, 2, 3, 4, 5, 6, 12], [1, 2, 3, 4, 5, 12], null],
      ['fuel.removePump', [1, 2, 3, 4, 5, 12], [1, 2, 3, 4, 5], 'out of service'],
    ])
  })
})

describe('refusals', () => {
  it('refuses what would break a station, changing nothing and recording nothing', async () => {
    const token = await tokenOf('content')
    const audits = async () => (await s.rows("SELECT id FROM operator_audit WHERE target_kind = 'oil_station' AND target_id = '15'")).length
    expect(await consoleCall('console.fuel/addGrade', { shop_id: 15, grade: '92#', price: 800 }, token)).toMatchObject({ code: 0, reason: 'console_fuel_grade_exists', params: { grade: '92#' } })
    expect(await consoleCall('console.fuel/addGrade', { shop_id: 15, grade: '93#', price: 800 }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await consoleCall('console.fuel/addGrade', { shop_id: 13, grade: '98#', price: 99 }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await consoleCall('console.fuel/addGrade', { shop_id: 1, grade: '98#', price: 800 }, token)).toMatchObject({ code: 0, reason: 'station_not_found' })
    expect(await consoleCall('console.fuel/orderGrades', { shop_id: 15, grades: ['92#', '95#', '98#'] }, token)).toMatchObject({ code: 0, reason: 'console_fuel_grade_order_invalid' })
    expect(await consoleCall('console.fuel/orderGrades', { shop_id: 15, grades: ['92#', '92#', '95#', '98#'] }, token)).toMatchObject({ code: 0, reason: 'console_fuel_grade_order_invalid' })
    expect(await consoleCall('console.fuel/setGradeOffered', { shop_id: 1, grade: '92#', offered: false }, token)).toMatchObject({ code: 0, reason: 'station_not_found' })
    expect(await consoleCall('console.fuel/addPump', { shop_id: 15, pump_no: 3 }, token)).toMatchObject({ code: 0, reason: 'console_fuel_pump_exists', params: { pump: 3 } })
    expect(await consoleCall('console.fuel/addPump', { shop_id: 15, pump_no: 100 }, token)).toMatchObject({ code: 0, reason: 'invalid_request' })
    expect(await consoleCall('console.fuel/removePump', { shop_id: 15, pump_no: 9 }, token)).toMatchObject({ code: 0, reason: 'pump_not_found', params: { pump: 9 } })
    expect(await consoleCall<FuelStationAnswer>('console.fuel/station', { shop_id: 15 }, token)).toMatchObject({ code: 1, data: { station: { pumps: [1, 2, 3, 4, 5, 6, 7, 8], grades: [{ grade: '92#' }, { grade: '95#' }, { grade: '98#' }, { grade: '0#' }] } } })
    expect(await audits()).toBe(0)
    // Only the roles the contract lists: finance may not.
    expect(await consoleCall('console.fuel/addPump', { shop_id: 15, pump_no: 20 }, await tokenOf('finance'))).toMatchObject({ code: 0, reason: 'operator_role_refused' })
  })
})
