import { useState } from 'react'
import { App, Button, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd'
import qrcode from 'qrcode-generator'
import { OPERATOR_PASSWORD_LENGTH, OPERATOR_ROLES, type OperatorRole } from '../../src/contract/consoleEndpoints'
import type { OperatorCreateAnswer, OperatorRow } from '../../src/contract/console'
import { call } from '../request'
import { roleKey } from '../messages'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'

const PAGE_SIZE = 20

/** The QR code of an otpauth:// URI as a data: picture (the CSP allows data: images). */
function qrOf(uri: string): string {
  const qr = qrcode(0, 'M')
  qr.addData(uri)
  qr.make()
  return qr.createDataURL(5, 8)
}

/** A new operator's (or a reset) second factor: shown once, never answered again. */
function TotpOnce({ setup, onClose }: { setup: OperatorCreateAnswer | null; onClose: () => void }) {
  const { t } = useConsole()
  if (!setup) return null
  const username = setup.operator.username
  return (
    <Modal open title={t('totpOnceTitle')} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>{t('close')}</Button>} width={560}>
      <Typography.Paragraph>{t('totpOnceHint', { username })}</Typography.Paragraph>
      <div style={{ textAlign: 'center' }}>
        <img className="console-totp-qr" src={qrOf(setup.otpauth_uri)} alt={t('qrAlt', { username })} width={220} height={220} />
      </div>
      <Typography.Paragraph>
        {t('totpSecret')}:{' '}
        <Typography.Text className="console-totp-secret" code copyable>
          {setup.totp_secret}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph style={{ wordBreak: 'break-all' }}>
        {t('otpauthUri')}:{' '}
        <Typography.Text className="console-totp-uri" copyable>
          {setup.otpauth_uri}
        </Typography.Text>
      </Typography.Paragraph>
    </Modal>
  )
}

interface NewOperator {
  username: string
  name: string
  role: OperatorRole
  password: string
}

export function Operators() {
  const { t, operator: me } = useConsole()
  const { message } = App.useApp()
  const [page, setPage] = useState(1)
  const list = useLoad(() => call('console.operator/index', { page, page_size: PAGE_SIZE }), [page])
  const [creating, setCreating] = useState(false)
  const [setup, setSetup] = useState<OperatorCreateAnswer | null>(null)
  const [disabling, setDisabling] = useState<OperatorRow | null>(null)
  const [resetting, setResetting] = useState<OperatorRow | null>(null)
  const [createForm] = Form.useForm<NewOperator>()
  const [reasonForm] = Form.useForm<{ reason: string }>()
  const [formError, setFormError] = useState<string | null>(null)
  const write = useSingleFlight()

  const create = (fields: NewOperator) =>
    write.run(async () => {
      setFormError(null)
      try {
        const answer = await call('console.operator/create', fields)
        message.success(t('created', { username: answer.operator.username }))
        setCreating(false)
        createForm.resetFields()
        setSetup(answer)
        list.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const disable = (row: OperatorRow, reason: string) =>
    write.run(async () => {
      setFormError(null)
      try {
        await call('console.operator/disable', { id: row.id, reason })
        message.success(t('disabledDone', { username: row.username }))
        setDisabling(null)
        reasonForm.resetFields()
        list.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const reset = (row: OperatorRow, reason: string) =>
    write.run(async () => {
      setFormError(null)
      try {
        const answer = await call('console.operator/resetTotp', { id: row.id, reason: reason.trim() || undefined })
        message.success(t('resetDone', { username: row.username }))
        setResetting(null)
        reasonForm.resetFields()
        setSetup(answer)
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const closeDialogs = () => {
    setCreating(false)
    setDisabling(null)
    setResetting(null)
    setFormError(null)
    reasonForm.resetFields()
  }

  return (
    <section aria-labelledby="operators-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={2} id="operators-title" style={{ margin: 0, fontSize: 20 }}>
          {t('operatorsTitle')}
        </Typography.Title>
        <Button type="primary" className="console-new-operator" onClick={() => setCreating(true)}>
          {t('newOperator')}
        </Button>
      </Space>
      <LoadState loading={list.loading} error={list.error} reload={list.reload} hasData={list.data !== undefined} empty={list.data?.total === 0} emptyText={t('operatorsEmpty')}>
        <Table<OperatorRow>
          rowKey="id"
          loading={list.loading}
          dataSource={list.data?.list}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('username'), dataIndex: 'username', render: (v: string, row) => (row.id === me.id ? `${v}${t('you')}` : v) },
            { title: t('name'), dataIndex: 'name' },
            { title: t('role'), dataIndex: 'role', render: (role: OperatorRole) => t(roleKey(role)) },
            { title: t('status'), dataIndex: 'disabled_at', render: (at: number | null) => (at === null ? <Tag color="blue">{t('active')}</Tag> : <Tag>{t('disabled')}</Tag>) },
            { title: t('createdAt'), dataIndex: 'created_at_text' },
            {
              title: t('actions'),
              key: 'actions',
              render: (_: unknown, row) =>
                row.disabled_at === null && row.id !== me.id ? (
                  <Space>
                    <Button size="small" onClick={() => setResetting(row)}>
                      {t('resetTotp')}
                    </Button>
                    <Button size="small" danger onClick={() => setDisabling(row)}>
                      {t('disable')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      </LoadState>

      <Modal open={creating} title={t('newOperator')} onCancel={closeDialogs} okText={t('create')} cancelText={t('cancel')} okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-new-operator' }} destroyOnClose>
        <Form<NewOperator> id="console-new-operator" form={createForm} layout="vertical" onFinish={create} initialValues={{ role: 'content' }} disabled={write.busy} requiredMark={false}>
          {formError && <Typography.Paragraph type="danger" role="alert">{formError}</Typography.Paragraph>}
          <Form.Item name="username" label={t('username')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('username') }) }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('name') }) }]}>
            <Input autoComplete="off" />
          </Form.Item>
          {/* No `required` rule: it always has a value, and antd would put aria-required on the Select's box (axe). */}
          <Form.Item name="role" label={t('role')}>
            <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(roleKey(role)) }))} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('password')}
            extra={t('passwordHelp')}
            rules={[{ required: true, min: OPERATOR_PASSWORD_LENGTH.min, max: OPERATOR_PASSWORD_LENGTH.max, message: t('passwordHelp') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={disabling !== null || resetting !== null}
        title={disabling ? t('disableTitle', { username: disabling.username }) : resetting ? t('resetTotpTitle', { username: resetting.username }) : ''}
        onCancel={closeDialogs}
        okText={disabling ? t('disable') : t('reset')}
        cancelText={t('cancel')}
        okButtonProps={{ danger: true, loading: write.busy, htmlType: 'submit', form: 'console-operator-reason' }}
        destroyOnClose
      >
        <Form<{ reason: string }>
          id="console-operator-reason"
          form={reasonForm}
          layout="vertical"
          disabled={write.busy}
          onFinish={({ reason }) => {
            if (disabling) void disable(disabling, reason ?? '')
            else if (resetting) void reset(resetting, reason ?? '')
          }}
        >
          <Typography.Paragraph>{disabling ? t('disableHint') : t('resetTotpHint')}</Typography.Paragraph>
          {formError && <Typography.Paragraph type="danger" role="alert">{formError}</Typography.Paragraph>}
          <Form.Item name="reason" label={disabling ? t('reason') : t('reasonOptional')} rules={disabling ? [{ required: true, whitespace: true, message: t('required', { field: t('reason') }) }] : []}>
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>

      <TotpOnce setup={setup} onClose={() => setSetup(null)} />
    </section>
  )
}
