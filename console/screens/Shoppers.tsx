import { useState } from 'react'
import { App, Button, Descriptions, Empty, Input, Popconfirm, Space, Table, Typography } from 'antd'
import type { ShopperAnswer, ShopperSession } from '../../src/contract/console'
import { call } from '../request'
import { useConsole } from '../context'
import { useSingleFlight } from '../useLoad'

/** A shopper by phone: the account (phone masked), its signed-in devices, "end all sessions" with a reason. */
export function Shoppers() {
  const { t } = useConsole()
  const { message } = App.useApp()
  const [phone, setPhone] = useState('')
  const [found, setFound] = useState<ShopperAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [reason, setReason] = useState('')
  const find = useSingleFlight()
  const end = useSingleFlight()

  const lookUp = () =>
    find.run(async () => {
      setError(null)
      try {
        setFound(await call('console.shopper/find', { phone: phone.trim() }))
      } catch (e) {
        setFound(null)
        setError((e as Error).message)
      }
    })
  const endAll = () =>
    end.run(async () => {
      if (!found) return
      setError(null)
      try {
        const done = await call('console.shopper/endSessions', { user_id: found.shopper.id, reason: reason.trim() })
        message.success(t('sessionsEnded', { count: done.ended }))
        setReason('')
        setFound({ ...found, sessions: [] })
      } catch (e) {
        setError((e as Error).message)
      }
    })

  return (
    <section aria-labelledby="shoppers-title">
      <Typography.Title level={2} id="shoppers-title" style={{ marginTop: 0, fontSize: 20 }}>
        {t('shoppersTitle')}
      </Typography.Title>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void lookUp()
        }}
      >
        <Space>
          <label htmlFor="console-shopper-phone">{t('phoneLookup')}</label>
          <Input id="console-shopper-phone" inputMode="numeric" maxLength={11} value={phone} onChange={(e) => setPhone(e.target.value)} style={{ width: 200 }} />
          <Button type="primary" htmlType="submit" loading={find.busy}>
            {t('find')}
          </Button>
        </Space>
      </form>
      {error && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 12 }}>
          {error}
        </Typography.Paragraph>
      )}
      {!found && !error && <Empty className="console-empty" description={t('shopperNotLooked')} style={{ marginTop: 32 }} />}
      {found && (
        <div style={{ marginTop: 16 }}>
          <Descriptions bordered size="small" column={1} labelStyle={{ width: 160 }}>
            <Descriptions.Item label="ID">{found.shopper.id}</Descriptions.Item>
            <Descriptions.Item label={t('phoneLookup')}>{found.shopper.phone_masked}</Descriptions.Item>
            <Descriptions.Item label={t('nickname')}>{found.shopper.nickname}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={3} style={{ fontSize: 16, marginTop: 16 }}>
            {t('sessions')}
          </Typography.Title>
          <Table<ShopperSession>
            rowKey="id"
            size="small"
            dataSource={found.sessions}
            pagination={false}
            locale={{ emptyText: t('noSessions') }}
            columns={[
              { title: t('device'), dataIndex: 'device', render: (d: string) => d || '—' },
              { title: t('createdAt'), dataIndex: 'created_at_text' },
              { title: t('lastSeen'), dataIndex: 'last_seen_at_text' },
            ]}
          />
          {found.sessions.length > 0 && (
            <Space style={{ marginTop: 16 }} wrap>
              <label htmlFor="console-shopper-reason">{t('reason')}</label>
              <Input id="console-shopper-reason" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} style={{ width: 320 }} />
              <Popconfirm title={t('endSessions')} onConfirm={() => void endAll()} okText={t('endSessions')} cancelText={t('cancel')} disabled={!reason.trim()}>
                <Button danger loading={end.busy} disabled={!reason.trim()}>
                  {t('endSessions')}
                </Button>
              </Popconfirm>
            </Space>
          )}
        </div>
      )}
    </section>
  )
}
