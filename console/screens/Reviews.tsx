import { useState } from 'react'
import { Alert, App, Button, Card, Input, Modal, Space, Table, Tag, Typography } from 'antd'
import type { ConsoleNameReview, ConsoleQueuedJob, OwnerlessShop, ShopOwnerAnswer } from '../../src/contract/console'
import { call, ConsoleError } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'
import type { MessageKey } from '../messages'

/**
 * The reviewer's decisions (issue 45, d45-decide; area `review`): shop name changes, reported job postings, shops
 * without an owner. Each decision asks for its reason (kept in the audit trail; a name's rejection is read by the
 * merchant), runs once at a time, and says what happened; a decision someone else took first is told in words.
 */

const PAGE_SIZE = 20

/** A decision with its reason: one text box, the words of what went wrong, the button busy while it runs. */
function Decide({ title, label, required, okText, danger, onClose, onSubmit }: { title: string; label: string; required: boolean; okText: string; danger?: boolean; onClose: () => void; onSubmit: (reason: string) => Promise<string> }) {
  const { t } = useConsole()
  const { message } = App.useApp()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const write = useSingleFlight()
  const submit = () =>
    write.run(async () => {
      setError(null)
      if (required && !reason.trim()) {
        setError(t('reasonRequired'))
        return
      }
      try {
        message.success(await onSubmit(reason.trim()))
      } catch (e) {
        setError((e as Error).message)
      }
    })
  return (
    <Modal open title={title} onCancel={onClose} onOk={() => void submit()} okText={okText} okButtonProps={{ danger, loading: write.busy, className: 'console-review-confirm' }} cancelText={t('cancel')}>
      <label htmlFor="console-review-reason">{label}</label>
      <Input.TextArea id="console-review-reason" value={reason} maxLength={200} rows={3} onChange={(e) => setReason(e.target.value)} style={{ marginTop: 8 }} />
      {error && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8 }}>
          {error}
        </Typography.Paragraph>
      )}
    </Modal>
  )
}

const STATUS_COLOR: Record<ConsoleNameReview['status'], string> = { pending: '#1f5fbf', approved: '#237804', rejected: '#cf1322', withdrawn: '#595959' }

/** Shop name changes: waiting first; approve, or reject with the words the merchant reads. */
export function ShopNames() {
  const { t } = useConsole()
  const [page, setPage] = useState(1)
  const [deciding, setDeciding] = useState<{ row: ConsoleNameReview; approve: boolean } | null>(null)
  const list = useLoad(() => call('console.review/names', { page, page_size: PAGE_SIZE }), [page])
  return (
    <section aria-labelledby="names-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={2} id="names-title" style={{ margin: 0, fontSize: 20 }}>
          {t('namesTitle')}
        </Typography.Title>
        {list.data && <Tag color="#1f5fbf">{t('namesWaiting', { count: list.data.waiting_total })}</Tag>}
      </Space>
      <Typography.Paragraph type="secondary">{t('namesHint')}</Typography.Paragraph>
      <LoadState loading={list.loading} error={list.error} reload={list.reload} hasData={list.data !== undefined} empty={list.data?.total === 0} emptyText={t('namesEmpty')}>
        <Table<ConsoleNameReview>
          rowKey="id"
          loading={list.loading}
          dataSource={list.data?.list}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('shop'), key: 'shop', render: (_: unknown, r) => `#${r.shop_id} · ${r.city}` },
            { title: t('currentName'), dataIndex: 'shop_name' },
            { title: t('requestedName'), dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
            { title: t('askedBy'), key: 'who', render: (_: unknown, r) => `${r.requested_by.nickname} · ${r.requested_by.phone_masked}` },
            { title: t('askedAt'), dataIndex: 'requested_at_text', width: 170 },
            {
              title: t('status'),
              key: 'status',
              render: (_: unknown, r) => (
                <Space direction="vertical" size={2}>
                  <Tag color={STATUS_COLOR[r.status]}>{t(`nameStatus_${r.status}` as MessageKey)}</Tag>
                  {r.decided_at_text && <Typography.Text type="secondary">{`${t('decidedAt')} ${r.decided_at_text}`}</Typography.Text>}
                  {r.reason && <Typography.Text>{r.reason}</Typography.Text>}
                </Space>
              ),
            },
            {
              title: t('actions'),
              key: 'actions',
              render: (_: unknown, r) =>
                r.status === 'pending' ? (
                  <Space>
                    <Button size="small" type="primary" onClick={() => setDeciding({ row: r, approve: true })} aria-label={`${t('approveName')} ${r.name}`}>
                      {t('approveName')}
                    </Button>
                    <Button size="small" danger onClick={() => setDeciding({ row: r, approve: false })} aria-label={`${t('rejectName')} ${r.name}`}>
                      {t('rejectName')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      </LoadState>
      {deciding && (
        <Decide
          title={deciding.approve ? t('approveNameTitle', { from: deciding.row.shop_name, to: deciding.row.name }) : t('rejectNameTitle', { to: deciding.row.name })}
          label={deciding.approve ? t('approveNote') : t('rejectReason')}
          required={!deciding.approve}
          okText={deciding.approve ? t('approveName') : t('rejectName')}
          danger={!deciding.approve}
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            const { row, approve } = deciding
            try {
              if (approve) await call('console.review/nameApprove', { id: row.id, reason: reason || undefined })
              else await call('console.review/nameReject', { id: row.id, reason })
            } finally {
              // Decided here or by someone else first: the list shows what stands now.
              list.reload()
            }
            setDeciding(null)
            return approve ? t('nameApproved', { name: row.name }) : t('nameRejected', { name: row.name })
          }}
        />
      )}
    </section>
  )
}

/** Reported job postings waiting for review, with their reports and the shop's answers; keep or hide. */
export function ReportedJobs() {
  const { t } = useConsole()
  const [page, setPage] = useState(1)
  const [deciding, setDeciding] = useState<{ row: ConsoleQueuedJob; hide: boolean } | null>(null)
  const list = useLoad(() => call('console.review/jobs', { page, page_size: PAGE_SIZE }), [page])
  return (
    <section aria-labelledby="jobs-title">
      <Typography.Title level={2} id="jobs-title" style={{ marginTop: 0, fontSize: 20 }}>
        {t('jobsTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('jobsHint')}</Typography.Paragraph>
      <LoadState loading={list.loading} error={list.error} reload={list.reload} hasData={list.data !== undefined} empty={list.data?.total === 0} emptyText={t('jobsEmpty')}>
        <Table<ConsoleQueuedJob>
          rowKey="job_id"
          loading={list.loading}
          dataSource={list.data?.list}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
          expandable={{
            defaultExpandAllRows: true,
            expandedRowRender: (r) => (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={r.reports}
                columns={[
                  { title: t('reason'), dataIndex: 'reason', render: (reason: string) => t(`reportReason_${reason}` as MessageKey) },
                  { title: t('reportNote'), dataIndex: 'note', render: (note: string) => note || '—' },
                  { title: t('reporter'), dataIndex: 'reporter_phone' },
                  { title: t('reportedAt'), dataIndex: 'created_at_text', width: 170 },
                  { title: t('shopAnswer'), key: 'answer', render: (_: unknown, rep: ConsoleQueuedJob['reports'][number]) => (rep.answer ? `${rep.answer}（${rep.answered_at_text ?? ''}）` : <Typography.Text type="secondary">{t('noAnswer')}</Typography.Text>) },
                ]}
              />
            ),
          }}
          columns={[
            { title: t('jobName'), key: 'job', render: (_: unknown, r) => <strong>{`#${r.job_id} ${r.title}`}</strong> },
            { title: t('shop'), key: 'shop', render: (_: unknown, r) => `#${r.shop_id} ${r.shop_name}` },
            { title: t('salaryYuan'), key: 'salary', render: (_: unknown, r) => `${r.salary_min}–${r.salary_max}` },
            { title: t('reports'), key: 'count', render: (_: unknown, r) => r.reports.length },
            { title: t('firstReported'), dataIndex: 'first_at_text', width: 170 },
            { title: t('status'), dataIndex: 'state', render: (state: string) => <Tag>{t(`jobState_${state}` as MessageKey)}</Tag> },
            {
              title: t('actions'),
              key: 'actions',
              render: (_: unknown, r) => (
                <Space>
                  <Button size="small" onClick={() => setDeciding({ row: r, hide: false })} aria-label={`${t('keepJob')} ${r.title}`}>
                    {t('keepJob')}
                  </Button>
                  <Button size="small" danger onClick={() => setDeciding({ row: r, hide: true })} aria-label={`${t('hideJob')} ${r.title}`}>
                    {t('hideJob')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </LoadState>
      {deciding && (
        <Decide
          title={deciding.hide ? t('hideJobTitle', { title: deciding.row.title }) : t('keepJobTitle', { title: deciding.row.title })}
          label={t('jobReason')}
          required
          okText={deciding.hide ? t('hideJob') : t('keepJob')}
          danger={deciding.hide}
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            const { row, hide } = deciding
            try {
              await call(hide ? 'console.review/jobHide' : 'console.review/jobKeep', { id: row.job_id, reason })
            } finally {
              list.reload()
            }
            setDeciding(null)
            return hide ? t('jobHidden', { title: row.title }) : t('jobKept', { title: row.title })
          }}
        />
      )}
    </section>
  )
}

/** The owner screen's words for the refusals a reviewer meets (the contract's are the shopper's: "you already work…"). */
const OWNER_REFUSALS: Partial<Record<string, MessageKey>> = { user_not_found: 'owner_user_not_found', staff_already_staff: 'owner_staff_already_staff', shop_not_found: 'owner_shop_not_found' }

/** Name the owner of `shop` by phone, with the evidence; a shop that has one asks first (the owner before stays as staff). */
function NameOwner({ shop, onClose, onDone }: { shop: ShopOwnerAnswer; onClose: () => void; onDone: () => void }) {
  const { t } = useConsole()
  const { message, modal } = App.useApp()
  const [phone, setPhone] = useState('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const write = useSingleFlight()
  const name = () =>
    write.run(async () => {
      try {
        const named = await call('console.review/nameOwner', { shop_id: shop.shop.id, phone: phone.trim(), owner_before: shop.owner?.user_id ?? null, reason: reason.trim() })
        const who = named.owner ? `${named.owner.nickname} · ${named.owner.phone_masked}` : phone
        message.success(named.previous.length > 0 ? t('ownerNamedHanded', { who, shop: named.shop.name }) : t('ownerNamed', { who, shop: named.shop.name }))
        onDone()
      } catch (e) {
        const own = e instanceof ConsoleError ? OWNER_REFUSALS[e.reason] : undefined
        setError(own ? t(own) : (e as Error).message)
      }
    })
  const submit = () => {
    setError(null)
    if (!/^1\d{10}$/.test(phone.trim())) return setError(t('ownerPhoneFormat'))
    if (!reason.trim()) return setError(t('reasonRequired'))
    if (!shop.owner) return void name()
    const owner = `${shop.owner.nickname} · ${shop.owner.phone_masked}`
    modal.confirm({
      title: t('handOverConfirmTitle'),
      content: t('handOverConfirm', { shop: shop.shop.name, owner }),
      okText: t('confirmHandOver'),
      okButtonProps: { danger: true, className: 'console-handover-confirm' },
      cancelText: t('cancel'),
      onOk: () => name(),
    })
  }
  return (
    <Modal open title={t('nameOwnerTitle', { shop: shop.shop.name })} onCancel={onClose} onOk={submit} okText={t('nameOwner')} okButtonProps={{ loading: write.busy, className: 'console-owner-confirm' }} cancelText={t('cancel')}>
      <p>{t('ownerNowIs', { owner: shop.owner ? `${shop.owner.nickname} · ${shop.owner.phone_masked}` : t('noOwner') })}</p>
      <label htmlFor="console-owner-phone">{t('ownerPhone')}</label>
      <Input id="console-owner-phone" inputMode="numeric" maxLength={11} value={phone} onChange={(e) => setPhone(e.target.value)} style={{ marginTop: 8, marginBottom: 12 }} />
      <label htmlFor="console-owner-reason">{t('ownerReason')}</label>
      <Input.TextArea id="console-owner-reason" value={reason} maxLength={200} rows={3} onChange={(e) => setReason(e.target.value)} style={{ marginTop: 8 }} />
      {error && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8 }}>
          {error}
        </Typography.Paragraph>
      )}
    </Modal>
  )
}

/** Shops without a live owner (name one), and any shop by number to hand it to another person. */
export function ShopOwners() {
  const { t } = useConsole()
  const [page, setPage] = useState(1)
  const [naming, setNaming] = useState<ShopOwnerAnswer | null>(null)
  const [shopNo, setShopNo] = useState('')
  const [lookError, setLookError] = useState<string | null>(null)
  const list = useLoad(() => call('console.review/ownerless', { page, page_size: PAGE_SIZE }), [page])
  const look = useSingleFlight()
  const open = (id: number) =>
    look.run(async () => {
      setLookError(null)
      try {
        setNaming(await call('console.review/shop', { id }))
      } catch (e) {
        const own = e instanceof ConsoleError ? OWNER_REFUSALS[e.reason] : undefined
        setLookError(own ? t(own) : (e as Error).message)
      }
    })
  return (
    <section aria-labelledby="owners-title">
      <Typography.Title level={2} id="owners-title" style={{ marginTop: 0, fontSize: 20 }}>
        {t('ownersTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('ownersHint')}</Typography.Paragraph>
      <Card size="small" title={<h3 style={{ margin: 0, fontSize: 15 }}>{t('handOverTitle')}</h3>} style={{ marginBottom: 16 }}>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            const id = Number(shopNo.trim())
            if (!Number.isInteger(id) || id <= 0) return setLookError(t('shopNoFormat'))
            void open(id)
          }}
        >
          <Space wrap>
            <label htmlFor="console-shop-no">{t('shopNo')}</label>
            <Input id="console-shop-no" inputMode="numeric" maxLength={9} value={shopNo} onChange={(e) => setShopNo(e.target.value)} style={{ width: 140 }} />
            <Button htmlType="submit" loading={look.busy}>
              {t('lookUp')}
            </Button>
            <Typography.Text type="secondary">{t('handOverHint')}</Typography.Text>
          </Space>
        </form>
        {lookError && <Alert type="error" role="alert" showIcon message={lookError} style={{ marginTop: 12 }} />}
      </Card>
      <LoadState loading={list.loading} error={list.error} reload={list.reload} hasData={list.data !== undefined} empty={list.data?.total === 0} emptyText={t('ownersEmpty')}>
        <Table<OwnerlessShop>
          rowKey="id"
          loading={list.loading}
          dataSource={list.data?.list}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('shopNo'), dataIndex: 'id', width: 110 },
            { title: t('shop'), dataIndex: 'name' },
            { title: t('city'), dataIndex: 'city' },
            { title: t('staffCount'), dataIndex: 'staff', width: 120 },
            {
              title: t('actions'),
              key: 'actions',
              render: (_: unknown, r) => (
                <Button size="small" type="primary" onClick={() => void open(r.id)} aria-label={`${t('nameOwner')} ${r.name}`}>
                  {t('nameOwner')}
                </Button>
              ),
            },
          ]}
        />
      </LoadState>
      {naming && (
        <NameOwner
          shop={naming}
          onClose={() => setNaming(null)}
          onDone={() => {
            setNaming(null)
            list.reload()
          }}
        />
      )}
    </section>
  )
}
