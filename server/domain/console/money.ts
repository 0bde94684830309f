import type { Q } from '../../storage/query'
import * as repo from '../../storage/repo/consoleMoney'
import type { LedgerLine, Sum } from '../../storage/repo/consoleMoney'
import { MONEY_RANGE_MAX_DAYS } from '../../../src/contract/consoleEndpoints'
import type { MoneyDayPage, MoneyDays, MoneyExport, MoneyShops, MoneySums } from '../../../src/contract/console'
import type { ApiLang } from '../../../src/contract/common'
import { refuse } from '../refusal'

/**
 * Finance's views of the ledger (issue 45; what counts as received and returned: server/storage/repo/consoleMoney.ts and
 * docs/api.md "Console: money and decisions"). Days are business days (the server's BUSINESS_TZ, Asia/Shanghai by
 * default): the stored texts are that zone's wall clock, so a day is their first ten characters.
 */

const DAY_MS = 86_400_000
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`)
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Every calendar day from `from` to `to`, both counted; refused past MONEY_RANGE_MAX_DAYS or backwards. */
export function daysOf(from: string, to: string): string[] {
  const a = dayMs(from)
  const b = dayMs(to)
  const count = Math.round((b - a) / DAY_MS) + 1
  if (count < 1 || count > MONEY_RANGE_MAX_DAYS) throw refuse('console_range_invalid', { days: MONEY_RANGE_MAX_DAYS })
  return Array.from({ length: count }, (_, i) => dayText(a + i * DAY_MS))
}

const sumsOf = (received: Sum | undefined, returned: Sum | undefined): MoneySums => {
  const payments_fen = received?.fen ?? 0
  const refunds_fen = returned?.fen ?? 0
  return { payments_count: received?.n ?? 0, payments_fen, refunds_count: returned?.n ?? 0, refunds_fen, net_fen: payments_fen - refunds_fen }
}

const totalOf = (rows: MoneySums[]): MoneySums =>
  rows.reduce<MoneySums>(
    (t, r) => ({
      payments_count: t.payments_count + r.payments_count,
      payments_fen: t.payments_fen + r.payments_fen,
      refunds_count: t.refunds_count + r.refunds_count,
      refunds_fen: t.refunds_fen + r.refunds_fen,
      net_fen: t.net_fen + r.net_fen,
    }),
    { payments_count: 0, payments_fen: 0, refunds_count: 0, refunds_fen: 0, net_fen: 0 },
  )

/** Every day of the range (empty ones as zeros), oldest first, with the range's totals. */
export async function moneyByDay(db: Q, from: string, to: string): Promise<MoneyDays> {
  const days = daysOf(from, to)
  const received = new Map((await repo.receivedByDay(db, from, to)).map((s) => [s.key, s]))
  const returned = new Map((await repo.returnedByDay(db, from, to)).map((s) => [s.key, s]))
  const list = days.map((day) => ({ day, ...sumsOf(received.get(day), returned.get(day)) }))
  return { from, to, list, totals: totalOf(list) }
}

/** The shops with money in the range, most received first (orders of no shop as one line, shop_id null). */
export async function moneyByShop(db: Q, from: string, to: string): Promise<MoneyShops> {
  daysOf(from, to)
  const received = await repo.receivedByShop(db, from, to)
  const returned = await repo.returnedByShop(db, from, to)
  const keys = [...new Set([...received, ...returned].map((s) => s.key as number | null))]
  const list = keys
    .map((key) => {
      const r = received.find((s) => s.key === key)
      const b = returned.find((s) => s.key === key)
      return { shop_id: key, shop_name: r?.name ?? b?.name ?? null, ...sumsOf(r, b) }
    })
    .sort((x, y) => y.payments_fen - x.payments_fen || y.refunds_fen - x.refunds_fen || (x.shop_id ?? 0) - (y.shop_id ?? 0))
  return { from, to, list, totals: totalOf(list) }
}

/** One day's payments (or refunds), paged, with the day's totals. */
export async function moneyOfDay(db: Q, day: string, kind: 'payments' | 'refunds', page: number, pageSize: number): Promise<MoneyDayPage> {
  const { totals } = await moneyByDay(db, day, day)
  const offset = (page - 1) * pageSize
  const list = kind === 'payments' ? await repo.receivedOn(db, day, pageSize, offset) : await repo.returnedOn(db, day, pageSize, offset)
  return { day, kind, list, total: kind === 'payments' ? totals.payments_count : totals.refunds_count, page, page_size: pageSize, totals }
}

// The CSV export ---------------------------------------------------------------------------------------------------

/** fen → yuan with two decimals, in integers (never through a float). */
export const yuanOf = (fen: number): string => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break; text a spreadsheet would run as a formula
 * (= + - @ at its start, a name a shop chose) led by an apostrophe.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const HEADERS: Record<ApiLang, string[]> = {
  zh: ['类型', '流水号', '原支付流水号', '订单ID', '订单号', '店铺ID', '店铺', '支付渠道', '支付方式', '状态', '退款原因', '金额(元)', '金额(分)', '时间'],
  en: ['kind', 'number', 'payment trade number', 'order id', 'order number', 'shop id', 'shop', 'provider', 'method', 'status', 'refund reason', 'amount (yuan)', 'amount (fen)', 'time'],
}
const KIND: Record<ApiLang, { payment: string; refund: string }> = { zh: { payment: '收款', refund: '退款' }, en: { payment: 'payment', refund: 'refund' } }

const lineOf = (kind: string, l: LedgerLine): string =>
  [kind, l.number, l.trade_no, l.order_id, l.order_no, l.shop_id, l.shop_name, l.provider, l.method, l.status, l.reason, yuanOf(l.amount), l.amount, l.at].map(csvField).join(',')

/**
 * A day's payments (money received) then its refunds (money returned), one line each, amounts positive in yuan and fen;
 * UTF-8 with a BOM (Excel reads the Chinese), CRLF line ends. No totals line: a column's sum is the day's total.
 */
export async function moneyExport(db: Q, day: string, lang: ApiLang): Promise<MoneyExport> {
  const { totals } = await moneyByDay(db, day, day)
  const received = await repo.receivedOn(db, day, null)
  const returned = await repo.returnedOn(db, day, null)
  const rows = [HEADERS[lang].map(csvField).join(','), ...received.map((l) => lineOf(KIND[lang].payment, l)), ...returned.map((l) => lineOf(KIND[lang].refund, l))]
  return { filename: `ledger-${day}.csv`, csv: `\uFEFF${rows.join('\r\n')}\r\n`, totals }
}
