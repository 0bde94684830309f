import { useState } from 'react'
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd'
import type { ConsoleCardProduct } from '../../src/contract/console'
import { CARD_PRODUCT_LIMITS as L } from '../../src/contract/consoleEndpoints'
import { call } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'

/** The form's fields: the price in yuan as typed (the contract's price is fen: converted once, on save). */
interface CardFields {
  name: string
  level: number
  price_yuan: number
  days: number
  member_rate: number
  benefits: string[]
  on_sale: boolean
  reason?: string
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

export function Cards() {
  const { t } = useConsole()
  const { message } = App.useApp()
  const list = useLoad(() => call('console.card/index', {}), [])
  const [editing, setEditing] = useState<ConsoleCardProduct | 'new' | null>(null)
  const [form] = Form.useForm<CardFields>()
  const [formError, setFormError] = useState<string | null>(null)
  const write = useSingleFlight()

  const open = (card: ConsoleCardProduct | 'new') => {
    setFormError(null)
    setEditing(card)
    form.setFieldsValue(
      card === 'new'
        ? { name: '', level: 1, price_yuan: undefined, days: 365, member_rate: 95, benefits: [], on_sale: true, reason: '' }
        : { name: card.name, level: card.level, price_yuan: card.price / 100, days: card.days, member_rate: card.member_rate, benefits: card.benefits, on_sale: card.on_sale, reason: '' },
    )
  }

  const save = (fields: CardFields) =>
    write.run(async () => {
      setFormError(null)
      try {
        const { card } = await call('console.card/save', {
          id: editing !== 'new' && editing ? editing.id : undefined,
          name: fields.name.trim(),
          level: fields.level,
          price: Math.round(fields.price_yuan * 100),
          days: fields.days,
          member_rate: fields.member_rate,
          benefits: (fields.benefits ?? []).map((b) => b.trim()).filter(Boolean),
          on_sale: fields.on_sale,
          reason: fields.reason?.trim() || undefined,
        })
        message.success(t('cardSaved', { name: card.name }))
        setEditing(null)
        list.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  return (
    <section aria-labelledby="cards-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={2} id="cards-title" style={{ margin: 0, fontSize: 20 }}>
          {t('cardsTitle')}
        </Typography.Title>
        <Button type="primary" onClick={() => open('new')}>
          {t('newCard')}
        </Button>
      </Space>
      <LoadState loading={list.loading} error={list.error} reload={list.reload} hasData={list.data !== undefined} empty={list.data?.list.length === 0} emptyText={t('cardsEmpty')}>
        <Table<ConsoleCardProduct>
          rowKey="id"
          loading={list.loading}
          dataSource={list.data?.list}
          pagination={false}
          columns={[
            { title: t('cardName'), dataIndex: 'name' },
            { title: t('level'), dataIndex: 'level' },
            { title: t('priceShort'), dataIndex: 'price', render: (fen: number) => <span className="console-card-price">{yuan(fen)}</span> },
            { title: t('days'), dataIndex: 'days' },
            { title: t('memberRateShort'), dataIndex: 'member_rate', render: (rate: number) => `${rate}%` },
            { title: t('benefits'), dataIndex: 'benefits', render: (benefits: string[]) => benefits.join(' · ') },
            { title: t('onSale'), dataIndex: 'on_sale', render: (on: boolean) => (on ? <Tag color="blue">{t('onSaleYes')}</Tag> : <Tag>{t('onSaleNo')}</Tag>) },
            {
              title: t('actions'),
              key: 'actions',
              render: (_: unknown, card) => (
                <Button size="small" onClick={() => open(card)} aria-label={`${t('edit')} ${card.name}`}>
                  {t('edit')}
                </Button>
              ),
            },
          ]}
        />
      </LoadState>

      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('newCard') : editing ? t('editCard', { name: editing.name }) : ''}
        onCancel={() => setEditing(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-card-form' }}
        width={600}
        forceRender
      >
        <Form<CardFields> id="console-card-form" form={form} layout="vertical" onFinish={save} disabled={write.busy} requiredMark={false}>
          {formError && <Typography.Paragraph type="danger" role="alert">{formError}</Typography.Paragraph>}
          <Form.Item name="name" label={t('cardName')} rules={[{ required: true, whitespace: true, max: L.name, message: t('required', { field: t('cardName') }) }]}>
            <Input maxLength={L.name} />
          </Form.Item>
          <Space size="large" align="start">
            <Form.Item name="level" label={t('level')} extra={editing !== 'new' ? t('levelFixed') : undefined} rules={[{ required: true }]}>
              <InputNumber min={L.level[0]} max={L.level[1]} precision={0} disabled={editing !== 'new'} />
            </Form.Item>
            <Form.Item name="price_yuan" label={t('price')} extra={editing !== 'new' ? t('priceNote') : undefined} rules={[{ required: true, type: 'number', min: 0.01, message: t('priceFormat') }]}>
              <InputNumber min={0.01} max={L.price[1] / 100} precision={2} step={1} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="days" label={t('days')} rules={[{ required: true }]}>
              <InputNumber min={L.days[0]} max={L.days[1]} precision={0} />
            </Form.Item>
          </Space>
          <Form.Item name="member_rate" label={t('memberRate')} rules={[{ required: true }]}>
            <InputNumber min={L.member_rate[0]} max={L.member_rate[1]} precision={0} />
          </Form.Item>
          <Form.Item name="benefits" label={t('benefits')} extra={t('benefitsHelp')}>
            <Select mode="tags" open={false} suffixIcon={null} maxCount={L.benefits} />
          </Form.Item>
          <Form.Item name="on_sale" label={t('onSale')} valuePropName="checked">
            <Switch aria-label={t('onSale')} />
          </Form.Item>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  )
}
