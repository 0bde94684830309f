import { useState } from 'react'
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Segmented, Select, Space, Table, Tag, Typography } from 'antd'
import type { ConsoleDiscountDay, ConsoleDiscountDayShop } from '../../src/contract/console'
import { BUSINESS_DAY_PATTERN, DISCOUNT_DAY_LIMITS as L } from '../../src/contract/consoleEndpoints'
import { call } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'
import type { MessageKey } from '../messages'

/**
 * Discount days (issue 45; console.discountDay/*): the calendar, coming days soonest first or past days latest first,
 * paged; adding a day, moving or withdrawing one that has not begun (the shoppers' reminders move with it, or go); the
 * shops taking part and their extra rate — fixed while today is a discount day. Each write runs once at a time and says
 * what it did; a refusal keeps the form as typed, with the reason's words.
 */

const PAGE_SIZE = 10

interface DayFields {
  day: string
  reason?: string
}

interface ShopFields {
  shop_id: number
  extra_rate: number
  reason?: string
}

export function DiscountDays() {
  const { t } = useConsole()
  const { message } = App.useApp()
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming')
  const [page, setPage] = useState(1)
  const index = useLoad(() => call('console.discountDay/index', { when, page, page_size: PAGE_SIZE }), [when, page])
  const write = useSingleFlight()
  const [dayEditing, setDayEditing] = useState<ConsoleDiscountDay | 'new' | null>(null)
  const [shopEditing, setShopEditing] = useState<ConsoleDiscountDayShop | 'new' | null>(null)
  const [dayForm] = Form.useForm<DayFields>()
  const [shopForm] = Form.useForm<ShopFields>()
  const [formError, setFormError] = useState<string | null>(null)
  const running = index.data?.running ?? false
  const shops = index.data?.shops ?? []
  const choices = (index.data?.choices ?? []).filter((c) => shopEditing !== 'new' || !shops.some((s) => s.shop_id === c.id))

  const openDay = (d: ConsoleDiscountDay | 'new') => {
    setFormError(null)
    setDayEditing(d)
    dayForm.setFieldsValue({ day: d === 'new' ? '' : d.day, reason: '' })
  }
  const openShop = (s: ConsoleDiscountDayShop | 'new') => {
    setFormError(null)
    setShopEditing(s)
    shopForm.setFieldsValue(s === 'new' ? { shop_id: undefined, extra_rate: 95, reason: '' } : { shop_id: s.shop_id, extra_rate: s.extra_rate, reason: '' })
  }

  const saveDay = (f: DayFields) =>
    write.run(async () => {
      setFormError(null)
      try {
        const from = dayEditing !== 'new' && dayEditing ? dayEditing.day : undefined
        const answer = await call('console.discountDay/save', { day: f.day.trim(), from, reason: f.reason?.trim() || undefined })
        message.success(from ? t('dayMoved', { day: answer.day.day, count: answer.reminders_moved }) : t('dayAdded', { day: answer.day.day }))
        setDayEditing(null)
        index.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const withdraw = (d: ConsoleDiscountDay) =>
    write.run(async () => {
      try {
        const answer = await call('console.discountDay/withdraw', { day: d.day })
        message.success(t('dayWithdrawn', { day: answer.day, count: answer.reminders_dropped }))
        index.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })

  const saveShop = (f: ShopFields) =>
    write.run(async () => {
      setFormError(null)
      try {
        const { shop } = await call('console.discountDay/saveShop', { shop_id: f.shop_id, extra_rate: f.extra_rate, reason: f.reason?.trim() || undefined })
        message.success(t('dayShopSaved', { name: shop.name, rate: shop.extra_rate }))
        setShopEditing(null)
        index.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const removeShop = (s: ConsoleDiscountDayShop) =>
    write.run(async () => {
      try {
        await call('console.discountDay/removeShop', { shop_id: s.shop_id })
        message.success(t('dayShopRemoved', { name: s.name }))
        index.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })

  const stateTag = (state: ConsoleDiscountDay['state']) => <Tag color={state === 'today' ? 'red' : state === 'upcoming' ? 'blue' : undefined}>{t(`state_${state}` as MessageKey)}</Tag>

  return (
    <section aria-labelledby="days-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={2} id="days-title" style={{ margin: 0, fontSize: 20 }}>
          {t('daysTitle')}
        </Typography.Title>
        <Space>
          {index.data && <Typography.Text type="secondary">{t('daysToday', { day: index.data.today })}</Typography.Text>}
          <Button type="primary" onClick={() => openDay('new')}>
            {t('newDay')}
          </Button>
        </Space>
      </Space>
      <Typography.Paragraph type="secondary">{t('daysHelp')}</Typography.Paragraph>
      {running && <Alert className="console-days-running" type="warning" showIcon message={t('daysRunning')} style={{ marginBottom: 16 }} />}
      <LoadState loading={index.loading} error={index.error} reload={index.reload} hasData={index.data !== undefined} empty={false} emptyText="">
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Card
            title={
              <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
                {t('daysCalendar')}
              </Typography.Title>
            }
            extra={
              <Segmented<'upcoming' | 'past'>
                aria-label={t('daysCalendar')}
                value={when}
                onChange={(v) => {
                  setWhen(v)
                  setPage(1)
                }}
                options={[
                  { value: 'upcoming', label: t('daysUpcoming') },
                  { value: 'past', label: t('daysPast') },
                ]}
              />
            }
          >
            <Table<ConsoleDiscountDay>
              className="console-days"
              rowKey="day"
              size="small"
              loading={index.loading}
              dataSource={index.data?.list ?? []}
              locale={{ emptyText: t(when === 'upcoming' ? 'daysEmptyUpcoming' : 'daysEmptyPast') }}
              pagination={{ current: page, pageSize: PAGE_SIZE, total: index.data?.total, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
              columns={[
                { title: t('dayLabel'), dataIndex: 'day' },
                { title: t('dayState'), dataIndex: 'state', render: stateTag },
                { title: t('remindersLabel'), dataIndex: 'reminders' },
                { title: t('remindersSentLabel'), dataIndex: 'reminders_sent' },
                {
                  title: t('actions'),
                  key: 'actions',
                  render: (_: unknown, d) =>
                    d.state === 'upcoming' ? (
                      <Space>
                        <Button size="small" onClick={() => openDay(d)} aria-label={t('moveDayOf', { day: d.day })}>
                          {t('moveDay')}
                        </Button>
                        <Popconfirm title={t('withdrawDayConfirm', { day: d.day, count: d.reminders })} onConfirm={() => void withdraw(d)} okText={t('withdrawDay')} cancelText={t('cancel')}>
                          <Button size="small" danger loading={write.busy} aria-label={`${t('withdrawDay')} ${d.day}`}>
                            {t('withdrawDay')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ) : (
                      <Typography.Text type="secondary">—</Typography.Text>
                    ),
                },
              ]}
            />
          </Card>

          <Card
            title={
              <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
                {t('daysShops')}
              </Typography.Title>
            }
            extra={
              <Button type="primary" ghost onClick={() => openShop('new')} disabled={running}>
                {t('addDayShop')}
              </Button>
            }
          >
            <Table<ConsoleDiscountDayShop>
              className="console-day-shops"
              rowKey="shop_id"
              size="small"
              dataSource={shops}
              pagination={false}
              locale={{ emptyText: t('daysShopsEmpty') }}
              columns={[
                { title: t('shopLabel'), dataIndex: 'name', render: (name: string, s) => `${name} (#${s.shop_id})` },
                { title: t('extraRateShort'), dataIndex: 'extra_rate', render: (rate: number) => t('extraRateText', { rate }) },
                {
                  title: t('actions'),
                  key: 'actions',
                  render: (_: unknown, s) => (
                    <Space>
                      <Button size="small" onClick={() => openShop(s)} disabled={running} aria-label={`${t('edit')} ${s.name}`}>
                        {t('edit')}
                      </Button>
                      <Popconfirm title={t('removeDayShopConfirm', { name: s.name })} onConfirm={() => void removeShop(s)} okText={t('removeDayShop')} cancelText={t('cancel')} disabled={running}>
                        <Button size="small" danger disabled={running} loading={write.busy} aria-label={`${t('removeDayShop')} ${s.name}`}>
                          {t('removeDayShop')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        </Space>
      </LoadState>

      <Modal
        open={dayEditing !== null}
        title={dayEditing === 'new' ? t('newDay') : dayEditing ? t('moveDayOf', { day: dayEditing.day }) : ''}
        onCancel={() => setDayEditing(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-day-form' }}
        forceRender
      >
        <Form<DayFields> id="console-day-form" form={dayForm} layout="vertical" onFinish={saveDay} disabled={write.busy} requiredMark={false}>
          {formError && dayEditing !== null && <Typography.Paragraph type="danger" role="alert">{formError}</Typography.Paragraph>}
          <Form.Item name="day" label={t('dayLabel')} extra={t('dayHelpText')} rules={[{ required: true, pattern: BUSINESS_DAY_PATTERN, message: t('dayFormat') }]}>
            <Input placeholder="YYYY-MM-DD" maxLength={10} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={shopEditing !== null}
        title={shopEditing === 'new' ? t('addDayShop') : shopEditing ? t('editDayShop', { name: shopEditing.name }) : ''}
        onCancel={() => setShopEditing(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-day-shop-form' }}
        forceRender
      >
        <Form<ShopFields> id="console-day-shop-form" form={shopForm} layout="vertical" onFinish={saveShop} disabled={write.busy} requiredMark={false}>
          {formError && shopEditing !== null && <Typography.Paragraph type="danger" role="alert">{formError}</Typography.Paragraph>}
          {/* Checked by a validator, not `required`: antd would put aria-required on the select's outer box (axe: aria-allowed-attr). */}
          <Form.Item name="shop_id" label={t('shopLabel')} rules={[{ validator: (_, v: number | undefined) => (v ? Promise.resolve() : Promise.reject(new Error(t('required', { field: t('shopLabel') })))) }]}>
            <Select showSearch optionFilterProp="label" disabled={shopEditing !== 'new'} options={choices.map((c) => ({ value: c.id, label: `${c.name} (#${c.id})` }))} />
          </Form.Item>
          <Form.Item name="extra_rate" label={t('extraRate')} extra={t('extraRateHelp')} rules={[{ required: true, type: 'number', min: L.extra_rate[0], max: L.extra_rate[1], message: t('extraRateFormat') }]}>
            <InputNumber min={L.extra_rate[0]} max={L.extra_rate[1]} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  )
}
