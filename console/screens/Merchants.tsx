import { useEffect, useState } from 'react'
import { App, Button, Checkbox, Descriptions, Drawer, Image, Input, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd'
import { MERCHANT_APPLICATION_FIELDS, MERCHANT_APPLICATION_STATUSES, type MerchantApplicationField, type MerchantApplicationStatus } from '../../src/contract/merchantEndpoints'
import type { MerchantReadAnswer, MerchantSummary } from '../../src/contract/console'
import { call } from '../request'
import { fieldKey, statusKey } from '../messages'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'

const PAGE_SIZE = 20
type Application = MerchantReadAnswer['application']

/** Solid tags, white words (antd's light orange tag fails WCAG AA contrast: axe). */
const STATUS_COLOR: Record<MerchantApplicationStatus, string | undefined> = { submitted: '#ad4e00', in_review: '#1f5fbf', approved: undefined, rejected: '#cf1322' }
const WAITING: readonly MerchantApplicationStatus[] = ['submitted', 'in_review']

function valueOf(app: Application, field: MerchantApplicationField): string {
  switch (field) {
    case 'location':
      return app.lat === null || app.lng === null ? '—' : `${app.lat.toFixed(5)}, ${app.lng.toFixed(5)}`
    case 'discount_rate':
      return `${app.discount_rate}%`
    default:
      return String(app[field])
  }
}

/** One application: every field with its own "reject" tick and words, the photos, approve / reject. */
function Review({ id, onClose, onDecided }: { id: number; onClose: () => void; onDecided: () => void }) {
  const { t } = useConsole()
  const { message } = App.useApp()
  const read = useLoad(() => call('console.merchant/read', { id }), [id])
  const [reasons, setReasons] = useState<Partial<Record<MerchantApplicationField, string>>>({})
  const [error, setError] = useState<string | null>(null)
  const write = useSingleFlight()
  useEffect(() => setReasons({}), [id])
  const app = read.data?.application
  const waiting = app ? WAITING.includes(app.status) : false
  const chosen = Object.entries(reasons).filter(([, words]) => words !== undefined) as [MerchantApplicationField, string][]

  const reject = () =>
    write.run(async () => {
      setError(null)
      if (!app || !chosen.length || chosen.some(([, w]) => !w.trim())) {
        setError(t('rejectNeedsField'))
        return
      }
      try {
        await call('console.merchant/reject', { id: app.id, reasons: Object.fromEntries(chosen.map(([f, w]) => [f, w.trim()])) })
        message.success(t('rejected', { name: app.shop_name }))
        onDecided()
      } catch (e) {
        setError((e as Error).message)
      }
    })

  const approve = () =>
    write.run(async () => {
      setError(null)
      if (!app) return
      try {
        await call('console.merchant/approve', { id: app.id })
        message.success(t('approved', { name: app.shop_name }))
        onDecided()
      } catch (e) {
        setError((e as Error).message)
      }
    })

  return (
    <Drawer
      open
      width={760}
      onClose={onClose}
      title={app ? t('applicationTitle', { id: app.id, name: app.shop_name }) : t('loading')}
      footer={
        app && waiting ? (
          <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button className="console-merchant-reject" danger onClick={() => void reject()} loading={write.busy} disabled={!chosen.length}>
              {t('reject')}
            </Button>
            <Popconfirm title={t('approveConfirm', { name: app.shop_name })} onConfirm={() => void approve()} okText={t('approve')} cancelText={t('cancel')}>
              <Button className="console-merchant-approve" type="primary" loading={write.busy}>
                {t('approve')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      <LoadState loading={read.loading} error={read.error} reload={read.reload} hasData={app !== undefined} empty={false} emptyText="">
        {app && (
          <>
            {error && (
              <Typography.Paragraph type="danger" role="alert">
                {error}
              </Typography.Paragraph>
            )}
            {!waiting && <Typography.Paragraph>{t('decided')} · <Tag color={STATUS_COLOR[app.status]}>{t(statusKey(app.status))}</Tag></Typography.Paragraph>}
            <Descriptions column={1} bordered size="small" labelStyle={{ width: 180 }}>
              {MERCHANT_APPLICATION_FIELDS.map((field) => (
                <Descriptions.Item key={field} label={t(fieldKey(field))}>
                  <div className={`console-field console-field--${field}`}>
                    {field === 'licence_image' || field === 'storefront_image' ? (
                      <Image src={app[field]} alt={t(fieldKey(field))} width={160} height={120} style={{ objectFit: 'cover' }} />
                    ) : (
                      <span>{valueOf(app, field)}</span>
                    )}
                    {app.rejections[field] && (
                      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                        {t('previousRejections')}: {app.rejections[field]}
                      </Typography.Paragraph>
                    )}
                    {waiting && (
                      <div style={{ marginTop: 6 }}>
                        <Checkbox
                          checked={reasons[field] !== undefined}
                          onChange={(e) => setReasons((r) => ({ ...r, [field]: e.target.checked ? '' : undefined }))}
                        >
                          {t('rejectField')}
                        </Checkbox>
                        {reasons[field] !== undefined && (
                          <Input
                            aria-label={`${t(fieldKey(field))} — ${t('rejectWords')}`}
                            placeholder={t('rejectWords')}
                            value={reasons[field]}
                            maxLength={200}
                            style={{ marginTop: 6 }}
                            onChange={(e) => setReasons((r) => ({ ...r, [field]: e.target.value }))}
                          />
                        )}
                      </div>
                    )}
                  </div>
                </Descriptions.Item>
              ))}
            </Descriptions>
          </>
        )}
      </LoadState>
    </Drawer>
  )
}

export function Merchants() {
  const { t } = useConsole()
  const [page, setPage] = useState(1)
  const [filter, setFilter] = useState<MerchantApplicationStatus | 'all'>('all')
  const [open, setOpen] = useState<number | null>(() => Number(window.location.hash.split('/')[2]) || null)
  // "All" lists the waiting ones (submitted, in review) first (the server's order); a status shows only those.
  const list = useLoad(() => call('console.merchant/index', { page, page_size: PAGE_SIZE, status: filter === 'all' ? undefined : filter }), [page, filter])

  const show = (id: number | null) => {
    setOpen(id)
    window.history.replaceState(null, '', id === null ? '#/merchants' : `#/merchants/${id}`)
  }

  return (
    <section aria-labelledby="merchants-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={2} id="merchants-title" style={{ margin: 0, fontSize: 20 }}>
          {t('merchantsTitle')}
        </Typography.Title>
        <Segmented<MerchantApplicationStatus | 'all'>
          aria-label={t('status')}
          value={filter}
          onChange={(v) => {
            setFilter(v)
            setPage(1)
          }}
          options={[{ value: 'all' as const, label: t('statusFilterAll') }, ...MERCHANT_APPLICATION_STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) }))]}
        />
      </Space>
      <LoadState loading={list.loading} error={list.error} reload={list.reload} hasData={list.data !== undefined} empty={list.data?.total === 0} emptyText={t('merchantsEmpty')}>
        <Table<MerchantSummary>
          rowKey="id"
          loading={list.loading}
          dataSource={list.data?.list}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: '#', dataIndex: 'id', width: 70 },
            { title: t('shopName'), dataIndex: 'shop_name' },
            { title: t('mobile'), dataIndex: 'mobile' },
            { title: t('status'), dataIndex: 'status', render: (s: MerchantApplicationStatus) => <Tag color={STATUS_COLOR[s]}>{t(statusKey(s))}</Tag> },
            { title: t('updatedAt'), dataIndex: 'updated_at_text' },
            {
              title: t('actions'),
              key: 'open',
              render: (_: unknown, row) => (
                <Button size="small" onClick={() => show(row.id)} aria-label={`${t('open')} ${row.shop_name}`}>
                  {t('open')}
                </Button>
              ),
            },
          ]}
        />
      </LoadState>
      {open !== null && (
        <Review
          id={open}
          onClose={() => show(null)}
          onDecided={() => {
            show(null)
            list.reload()
          }}
        />
      )}
    </section>
  )
}
