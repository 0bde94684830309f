import { useState } from 'react'
import { App, Button, Checkbox, Input, Modal, Space, Table, Tag, Typography } from 'antd'
import type { WaitingRefund } from '../../src/contract/console'
import { call } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'
import { yuan } from './Money'

const PAGE_SIZE = 20

/** Approve or refuse one request in the store's place, with the reason (kept in the audit trail). */
function Decide({ row, verdict, onClose, onDone }: { row: WaitingRefund; verdict: 'approve' | 'reject'; onClose: () => void; onDone: () => void }) {
  const { t } = useConsole()
  const { message } = App.useApp()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const write = useSingleFlight()
  const submit = () =>
    write.run(async () => {
      setError(null)
      if (!reason.trim()) {
        setError(t('reasonRequired'))
        return
      }
      try {
        const done = await call(verdict === 'approve' ? 'console.refund/approve' : 'console.refund/reject', { order_id: row.order_id, reason: reason.trim() })
        message.success(verdict === 'approve' ? t('refundApproved', { order: row.order_no, yuan: yuan(done.refund_fen || row.amount) }) : t('refundRejected', { order: row.order_no }))
        onDone()
      } catch (e) {
        setError((e as Error).message)
      }
    })
  return (
    <Modal
      open
      title={`${verdict === 'approve' ? t('approveRefund') : t('rejectRefund')} · ${row.order_no} · ¥${yuan(row.amount)}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={verdict === 'approve' ? t('approveRefund') : t('rejectRefund')}
      okButtonProps={{ danger: verdict === 'reject', loading: write.busy, className: 'console-refund-confirm' }}
      cancelText={t('cancel')}
    >
      <label htmlFor="console-refund-reason">{t('decisionReason')}</label>
      <Input.TextArea id="console-refund-reason" value={reason} maxLength={200} rows={3} onChange={(e) => setReason(e.target.value)} style={{ marginTop: 8 }} />
      {error && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8 }}>
          {error}
        </Typography.Paragraph>
      )}
    </Modal>
  )
}

export function RefundsWaiting() {
  const { t } = useConsole()
  const [page, setPage] = useState(1)
  const [overdueOnly, setOverdueOnly] = useState(false)
  const [deciding, setDeciding] = useState<{ row: WaitingRefund; verdict: 'approve' | 'reject' } | null>(null)
  const list = useLoad(() => call('console.refund/index', { page, page_size: PAGE_SIZE, overdue_only: overdueOnly ? 'true' : undefined }), [page, overdueOnly])
  return (
    <section aria-labelledby="refunds-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={2} id="refunds-title" style={{ margin: 0, fontSize: 20 }}>
          {t('refundsTitle')}
        </Typography.Title>
        <Checkbox
          checked={overdueOnly}
          onChange={(e) => {
            setOverdueOnly(e.target.checked)
            setPage(1)
          }}
        >
          {t('overdueOnly')}
          {list.data ? ` (${list.data.overdue_total})` : ''}
        </Checkbox>
      </Space>
      <Typography.Paragraph type="secondary">{t('refundsHint', { hours: list.data?.answer_window_hours ?? 48 })}</Typography.Paragraph>
      <LoadState loading={list.loading} error={list.error} reload={list.reload} hasData={list.data !== undefined} empty={list.data?.total === 0} emptyText={t('refundsEmpty')}>
        <Table<WaitingRefund>
          rowKey="order_id"
          loading={list.loading}
          dataSource={list.data?.list}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('orderNo'), key: 'order', render: (_: unknown, r) => `${r.order_no} · ${r.title}` },
            { title: t('shop'), dataIndex: 'shop_name', render: (name: string | null) => name ?? t('noShop') },
            { title: t('amountYuan'), dataIndex: 'amount', align: 'right', render: (fen: number) => yuan(fen) },
            { title: t('shopperReason'), dataIndex: 'reason' },
            { title: t('shopperPhone'), dataIndex: 'shopper_phone' },
            { title: t('askedAt'), dataIndex: 'asked_at', width: 170 },
            {
              title: t('status'),
              key: 'overdue',
              render: (_: unknown, r) => <Tag color={r.overdue ? '#cf1322' : '#1f5fbf'}>{`${r.overdue ? t('overdue') : t('waiting')} · ${t('waitingHours', { hours: r.waiting_hours })}`}</Tag>,
            },
            {
              title: t('actions'),
              key: 'actions',
              render: (_: unknown, r) => (
                <Space>
                  <Button size="small" type="primary" onClick={() => setDeciding({ row: r, verdict: 'approve' })} aria-label={`${t('approveRefund')} ${r.order_no}`}>
                    {t('approveRefund')}
                  </Button>
                  <Button size="small" danger onClick={() => setDeciding({ row: r, verdict: 'reject' })} aria-label={`${t('rejectRefund')} ${r.order_no}`}>
                    {t('rejectRefund')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </LoadState>
      {deciding && (
        <Decide
          row={deciding.row}
          verdict={deciding.verdict}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null)
            list.reload()
          }}
        />
      )}
    </section>
  )
}
