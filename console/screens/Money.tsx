import { useState } from 'react'
import { App, Button, Drawer, Input, Segmented, Space, Table, Tag, Typography } from 'antd'
import type { MoneyDayRow, MoneyLine, MoneyShopRow, MoneySums } from '../../src/contract/console'
import { call } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'

const PAGE_SIZE = 20
const DAY_MS = 86_400_000

/** fen → "1234.56", in integers (the server's CSV writes the same). */
export const yuan = (fen: number): string => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`

/** Today in the business zone (Asia/Shanghai), as the server names days. */
const today = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
const daysBefore = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10)

/** The range named by the address (#/money/2026-12-01/2026-12-06), else the last 7 days. */
function rangeOfHash(): { from: string; to: string } {
  const [, , from, to] = window.location.hash.replace(/^#\/?/, '').split('/').concat(['', '', '', ''])
  const ok = (d: string | undefined) => !!d && /^\d{4}-\d{2}-\d{2}$/.test(d)
  if (ok(from) && ok(to)) return { from: from as string, to: to as string }
  const end = today()
  return { from: daysBefore(end, 6), to: end }
}

/** Saves the day's CSV (fetched through the request client, the session in its header) as a file. */
function useExport() {
  const { t } = useConsole()
  const { message } = App.useApp()
  const flight = useSingleFlight()
  const run = (day: string) =>
    flight.run(async () => {
      try {
        const file = await call('console.money/export', { day })
        const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }))
        const a = document.createElement('a')
        a.href = url
        a.download = file.filename
        document.body.appendChild(a)
        a.click()
        a.remove()
        setTimeout(() => URL.revokeObjectURL(url), 10_000)
        message.success(t('exported', { file: file.filename, count: file.totals.payments_count, yuan: yuan(file.totals.payments_fen) }))
      } catch (e) {
        message.error((e as Error).message)
      }
    })
  return { busy: flight.busy, run }
}

const sumColumns = (t: ReturnType<typeof useConsole>['t']) => [
  { title: t('paymentsCount'), dataIndex: 'payments_count', align: 'right' as const },
  { title: t('paymentsYuan'), dataIndex: 'payments_fen', align: 'right' as const, render: (fen: number) => yuan(fen) },
  { title: t('refundsCount'), dataIndex: 'refunds_count', align: 'right' as const },
  { title: t('refundsYuan'), dataIndex: 'refunds_fen', align: 'right' as const, render: (fen: number) => yuan(fen) },
  { title: t('netYuan'), dataIndex: 'net_fen', align: 'right' as const, render: (fen: number) => yuan(fen) },
]

function TotalsRow({ totals, before, after }: { totals: MoneySums; before: number; after: number }) {
  const { t } = useConsole()
  const cells = [totals.payments_count, yuan(totals.payments_fen), totals.refunds_count, yuan(totals.refunds_fen), yuan(totals.net_fen)]
  return (
    <Table.Summary.Row className="console-money-totals">
      <Table.Summary.Cell index={0} colSpan={before}>
        <strong>{t('totalRow')}</strong>
      </Table.Summary.Cell>
      {cells.map((c, i) => (
        <Table.Summary.Cell key={i} index={before + i} align="right">
          <strong>{c}</strong>
        </Table.Summary.Cell>
      ))}
      {after > 0 && <Table.Summary.Cell index={before + cells.length} colSpan={after} />}
    </Table.Summary.Row>
  )
}

/** One day's payments or refunds, paged, with the export. */
function DayDetail({ day, onClose }: { day: string; onClose: () => void }) {
  const { t } = useConsole()
  const [kind, setKind] = useState<'payments' | 'refunds'>('payments')
  const [page, setPage] = useState(1)
  const lines = useLoad(() => call('console.money/day', { day, kind, page, page_size: PAGE_SIZE }), [day, kind, page])
  const exporter = useExport()
  return (
    <Drawer open width={980} onClose={onClose} title={t('dayTitle', { day })} extra={<Button className="console-money-export" onClick={() => void exporter.run(day)} loading={exporter.busy}>{t('exportCsv')}</Button>}>
      <Segmented<'payments' | 'refunds'>
        aria-label={t('dayTitle', { day })}
        value={kind}
        onChange={(v) => {
          setKind(v)
          setPage(1)
        }}
        options={[
          { value: 'payments', label: t('dayPayments') },
          { value: 'refunds', label: t('dayRefunds') },
        ]}
        style={{ marginBottom: 16 }}
      />
      <LoadState loading={lines.loading} error={lines.error} reload={lines.reload} hasData={lines.data !== undefined} empty={lines.data?.total === 0} emptyText={t('dayEmpty')}>
        <Table<MoneyLine>
          rowKey="id"
          size="small"
          loading={lines.loading}
          dataSource={lines.data?.list}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: lines.data?.total, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('time'), dataIndex: 'at', width: 170 },
            { title: t('tradeNo'), dataIndex: 'number' },
            { title: t('orderNo'), dataIndex: 'order_no' },
            { title: t('shop'), dataIndex: 'shop_name', render: (name: string | null) => name ?? t('noShop') },
            { title: t('provider'), key: 'provider', render: (_: unknown, l) => `${l.provider} / ${l.method}` },
            { title: t('status'), dataIndex: 'status', render: (s: string) => <Tag>{s}</Tag> },
            { title: t('amountYuan'), dataIndex: 'amount', align: 'right', render: (fen: number) => yuan(fen) },
          ]}
        />
      </LoadState>
    </Drawer>
  )
}

export function Money() {
  const { t } = useConsole()
  const [range, setRange] = useState(rangeOfHash)
  const [draft, setDraft] = useState(range)
  const [view, setView] = useState<'day' | 'shop'>('day')
  const [open, setOpen] = useState<string | null>(null)
  const days = useLoad(() => (view === 'day' ? call('console.money/days', range) : Promise.resolve(undefined)), [range.from, range.to, view])
  const shops = useLoad(() => (view === 'shop' ? call('console.money/shops', range) : Promise.resolve(undefined)), [range.from, range.to, view])
  const exporter = useExport()
  const apply = () => {
    setRange(draft)
    window.history.replaceState(null, '', `#/money/${draft.from}/${draft.to}`)
  }
  const current = view === 'day' ? days : shops
  const loaded = view === 'day' ? days.data : shops.data
  const empty = loaded !== undefined && loaded.totals.payments_count === 0 && loaded.totals.refunds_count === 0

  return (
    <section aria-labelledby="money-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={2} id="money-title" style={{ margin: 0, fontSize: 20 }}>
          {t('moneyTitle')}
        </Typography.Title>
        <Space wrap>
          <span id="money-range">{t('moneyRange')}</span>
          <Input type="date" aria-label={t('rangeFrom')} className="console-money-from" value={draft.from} max={draft.to} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} style={{ width: 160 }} />
          <span aria-hidden="true">–</span>
          <Input type="date" aria-label={t('rangeTo')} className="console-money-to" value={draft.to} min={draft.from} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} style={{ width: 160 }} />
          <Button className="console-money-apply" onClick={apply} disabled={!draft.from || !draft.to}>
            {t('showRange')}
          </Button>
          <Segmented<'day' | 'shop'>
            aria-label={t('moneyTitle')}
            value={view}
            onChange={setView}
            options={[
              { value: 'day', label: t('moneyByDay') },
              { value: 'shop', label: t('moneyByShop') },
            ]}
          />
        </Space>
      </Space>
      <LoadState loading={current.loading} error={current.error} reload={current.reload} hasData={loaded !== undefined} empty={empty} emptyText={t('moneyEmpty')}>
        {view === 'day' && days.data && (
          <Table<MoneyDayRow>
            rowKey="day"
            className="console-money-days"
            loading={days.loading}
            dataSource={days.data.list}
            pagination={false}
            columns={[
              { title: t('day'), dataIndex: 'day', width: 140 },
              ...sumColumns(t),
              {
                title: t('actions'),
                key: 'actions',
                render: (_: unknown, row) => (
                  <Space>
                    <Button size="small" onClick={() => setOpen(row.day)} aria-label={`${t('openDay')} ${row.day}`}>
                      {t('openDay')}
                    </Button>
                    <Button size="small" onClick={() => void exporter.run(row.day)} loading={exporter.busy} aria-label={`${t('exportCsv')} ${row.day}`} disabled={row.payments_count === 0 && row.refunds_count === 0}>
                      {t('exportCsv')}
                    </Button>
                  </Space>
                ),
              },
            ]}
            summary={() => <TotalsRow totals={days.data?.totals as MoneySums} before={1} after={1} />}
          />
        )}
        {view === 'shop' && shops.data && (
          <Table<MoneyShopRow>
            rowKey={(r) => String(r.shop_id)}
            className="console-money-shops"
            loading={shops.loading}
            dataSource={shops.data.list}
            pagination={false}
            columns={[{ title: t('shop'), key: 'shop', render: (_: unknown, r) => (r.shop_id === null ? t('noShop') : `${r.shop_name ?? ''} (#${r.shop_id})`) }, ...sumColumns(t)]}
            summary={() => <TotalsRow totals={shops.data?.totals as MoneySums} before={1} after={0} />}
          />
        )}
      </LoadState>
      {open !== null && <DayDetail day={open} onClose={() => setOpen(null)} />}
    </section>
  )
}
