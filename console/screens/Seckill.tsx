import { useState } from 'react'
import { App, Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd'
import type { ConsoleSeckillProduct, ConsoleSeckillSession, SeckillIndexAnswer } from '../../src/contract/console'
import { CLOCK_TIME_PATTERN, SECKILL_IMAGE_PATTERN, SECKILL_LIMITS as L } from '../../src/contract/consoleEndpoints'
import { call } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'

/**
 * Flash sales (issue 45; console.seckill/*): the sessions of every day with their products; a session's title and
 * times, a product's fields (prices typed in yuan, sent in fen), taking a product off sale and back. Each write runs
 * once at a time and says what it did; a refusal keeps the form as typed, with the reason's words.
 */

type Session = SeckillIndexAnswer['sessions'][number]

interface SessionFields {
  title: string
  start: string
  end: string
  reason?: string
}

interface ProductFields {
  name: string
  image: string
  original_yuan: number
  price_yuan: number
  total_stock: number
  limit_per_user: number
  pickup_shop_id: number
  rules: string
  reason?: string
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

export function Seckill() {
  const { t } = useConsole()
  const { message } = App.useApp()
  const index = useLoad(() => call('console.seckill/index', {}), [])
  const write = useSingleFlight()
  const [sessionEditing, setSessionEditing] = useState<ConsoleSeckillSession | 'new' | null>(null)
  const [productEditing, setProductEditing] = useState<{ session: Session; product: ConsoleSeckillProduct | null } | null>(null)
  const [sessionForm] = Form.useForm<SessionFields>()
  const [productForm] = Form.useForm<ProductFields>()
  const [formError, setFormError] = useState<string | null>(null)
  const shops = index.data?.shops ?? []
  const shopName = (id: number | null) => shops.find((s) => s.id === id)?.name ?? '—'

  const openSession = (s: ConsoleSeckillSession | 'new') => {
    setFormError(null)
    setSessionEditing(s)
    sessionForm.setFieldsValue(s === 'new' ? { title: '', start: '', end: '', reason: '' } : { title: s.title, start: s.start, end: s.end, reason: '' })
  }
  const openProduct = (session: Session, product: ConsoleSeckillProduct | null) => {
    setFormError(null)
    setProductEditing({ session, product })
    productForm.setFieldsValue(
      product
        ? { name: product.name, image: product.image, original_yuan: product.original_price / 100, price_yuan: product.price / 100, total_stock: product.total_stock, limit_per_user: product.limit_per_user, pickup_shop_id: product.pickup_shop_id ?? undefined, rules: product.rules, reason: '' }
        : { name: '', image: '', original_yuan: undefined, price_yuan: undefined, total_stock: 10, limit_per_user: 1, pickup_shop_id: undefined, rules: '', reason: '' },
    )
  }

  const saveSession = (f: SessionFields) =>
    write.run(async () => {
      setFormError(null)
      try {
        const { session } = await call('console.seckill/saveSession', { id: sessionEditing !== 'new' && sessionEditing ? sessionEditing.id : undefined, title: f.title.trim(), start: f.start.trim(), end: f.end.trim(), reason: f.reason?.trim() || undefined })
        message.success(t('sessionSaved', { title: session.title }))
        setSessionEditing(null)
        index.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const saveProduct = (f: ProductFields) =>
    write.run(async () => {
      if (!productEditing) return
      setFormError(null)
      try {
        const { product } = await call('console.seckill/saveProduct', {
          id: productEditing.product?.id,
          session_id: productEditing.session.id,
          name: f.name.trim(),
          image: f.image.trim(),
          original_price: Math.round(f.original_yuan * 100),
          price: Math.round(f.price_yuan * 100),
          total_stock: f.total_stock,
          limit_per_user: f.limit_per_user,
          pickup_shop_id: f.pickup_shop_id,
          rules: (f.rules ?? '').trim(),
          reason: f.reason?.trim() || undefined,
        })
        message.success(t('productSaved', { name: product.name }))
        setProductEditing(null)
        index.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const setOnSale = (p: ConsoleSeckillProduct, onSale: boolean) =>
    write.run(async () => {
      try {
        await call('console.seckill/setOnSale', { id: p.id, on_sale: onSale })
        message.success(t(onSale ? 'restored' : 'withdrawn', { name: p.name }))
        index.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })

  const sold = productEditing?.product?.sold ?? 0

  return (
    <section aria-labelledby="seckill-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={2} id="seckill-title" style={{ margin: 0, fontSize: 20 }}>
          {t('seckillTitle')}
        </Typography.Title>
        <Button type="primary" onClick={() => openSession('new')}>
          {t('newSession')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('seckillHelp')}</Typography.Paragraph>
      <LoadState loading={index.loading} error={index.error} reload={index.reload} hasData={index.data !== undefined} empty={index.data?.sessions.length === 0} emptyText={t('seckillEmpty')}>
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {index.data?.sessions.map((session) => (
            <Card
              key={session.id}
              className="console-seckill-session"
              data-session={session.id}
              title={
                <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
                  {session.title}{' '}
                  <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 14 }}>
                    {t('sessionToday', { start: session.start, end: session.end })}
                    {session.next_day ? ` (${t('nextDay')})` : ''}
                  </Typography.Text>
                </Typography.Title>
              }
              extra={
                <Space>
                  <Button onClick={() => openSession(session)} aria-label={`${t('editSession')} ${session.title}`}>
                    {t('editSession')}
                  </Button>
                  <Button type="primary" ghost onClick={() => openProduct(session, null)} aria-label={t('newProductIn', { title: session.title })}>
                    {t('newProduct')}
                  </Button>
                </Space>
              }
            >
              {session.products.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sessionNoProducts')} />
              ) : (
                <Table<ConsoleSeckillProduct>
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={session.products}
                  columns={[
                    { title: t('productName'), dataIndex: 'name' },
                    { title: t('flashPriceShort'), dataIndex: 'price', render: (fen: number) => <span className="console-flash-price">{yuan(fen)}</span> },
                    { title: t('originalPriceShort'), dataIndex: 'original_price', render: (fen: number) => yuan(fen) },
                    { title: t('stockShort'), dataIndex: 'stock' },
                    { title: t('soldShort'), dataIndex: 'sold' },
                    { title: t('limitPerUser'), dataIndex: 'limit_per_user' },
                    { title: t('pickupShop'), dataIndex: 'pickup_shop_id', render: (id: number | null) => shopName(id) },
                    { title: t('onSale'), dataIndex: 'on_sale', render: (on: boolean) => (on ? <Tag color="blue">{t('onSaleYes')}</Tag> : <Tag>{t('onSaleNo')}</Tag>) },
                    {
                      title: t('actions'),
                      key: 'actions',
                      render: (_: unknown, p) => (
                        <Space>
                          <Button size="small" onClick={() => openProduct(session, p)} aria-label={`${t('edit')} ${p.name}`}>
                            {t('edit')}
                          </Button>
                          {p.on_sale ? (
                            <Popconfirm title={t('withdrawConfirm', { name: p.name })} onConfirm={() => void setOnSale(p, false)} okText={t('withdraw')} cancelText={t('cancel')}>
                              <Button size="small" danger loading={write.busy} aria-label={`${t('withdraw')} ${p.name}`}>
                                {t('withdraw')}
                              </Button>
                            </Popconfirm>
                          ) : (
                            <Button size="small" loading={write.busy} onClick={() => void setOnSale(p, true)} aria-label={`${t('restore')} ${p.name}`}>
                              {t('restore')}
                            </Button>
                          )}
                        </Space>
                      ),
                    },
                  ]}
                />
              )}
            </Card>
          ))}
        </Space>
      </LoadState>

      <Modal
        open={sessionEditing !== null}
        title={sessionEditing === 'new' ? t('newSession') : t('editSession')}
        onCancel={() => setSessionEditing(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-session-form' }}
        forceRender
      >
        <Form<SessionFields> id="console-session-form" form={sessionForm} layout="vertical" onFinish={saveSession} disabled={write.busy} requiredMark={false}>
          {formError && sessionEditing !== null && <Typography.Paragraph type="danger" role="alert">{formError}</Typography.Paragraph>}
          <Form.Item name="title" label={t('sessionTitle')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('sessionTitle') }) }]}>
            <Input maxLength={L.title} />
          </Form.Item>
          <Space size="large" align="start">
            <Form.Item name="start" label={t('sessionStart')} rules={[{ required: true, pattern: CLOCK_TIME_PATTERN, message: t('timeFormat') }]}>
              <Input placeholder="HH:mm" maxLength={5} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="end" label={t('sessionEnd')} rules={[{ required: true, pattern: CLOCK_TIME_PATTERN, message: t('timeFormat') }]}>
              <Input placeholder="HH:mm" maxLength={5} style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={productEditing !== null}
        title={productEditing?.product ? t('editProduct', { name: productEditing.product.name }) : productEditing ? t('newProductIn', { title: productEditing.session.title }) : ''}
        onCancel={() => setProductEditing(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-product-form' }}
        width={640}
        forceRender
      >
        <Form<ProductFields> id="console-product-form" form={productForm} layout="vertical" onFinish={saveProduct} disabled={write.busy} requiredMark={false}>
          {formError && productEditing !== null && <Typography.Paragraph type="danger" role="alert">{formError}</Typography.Paragraph>}
          <Form.Item name="name" label={t('productName')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('productName') }) }]}>
            <Input maxLength={L.name} />
          </Form.Item>
          <Form.Item name="image" label={t('picture')} extra={t('pictureHelp')} rules={[{ required: true, pattern: SECKILL_IMAGE_PATTERN, message: t('pictureHelp') }]}>
            <Input maxLength={L.image} placeholder="/assets/img/product-1.svg" />
          </Form.Item>
          <Space size="large" align="start" wrap>
            <Form.Item name="original_yuan" label={t('originalPrice')} rules={[{ required: true, type: 'number', min: 0.01, message: t('priceFormat') }]}>
              <InputNumber min={0.01} max={L.price[1] / 100} precision={2} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item
              name="price_yuan"
              label={t('flashPrice')}
              dependencies={['original_yuan']}
              rules={[
                { required: true, type: 'number', min: 0.01, message: t('priceFormat') },
                ({ getFieldValue }) => ({ validator: (_, v: number | undefined) => (v === undefined || v < (getFieldValue('original_yuan') as number) ? Promise.resolve() : Promise.reject(new Error(t('flashPriceBelow')))) }),
              ]}
            >
              <InputNumber min={0.01} max={L.price[1] / 100} precision={2} style={{ width: 150 }} />
            </Form.Item>
          </Space>
          <Space size="large" align="start" wrap>
            <Form.Item name="total_stock" label={t('totalStock')} extra={sold > 0 ? t('totalStockHelp', { sold }) : undefined} rules={[{ required: true, type: 'number', min: sold, message: t('totalStockHelp', { sold }) }]}>
              <InputNumber min={sold} max={L.total_stock[1]} precision={0} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="limit_per_user" label={t('limitPerUser')} rules={[{ required: true }]}>
              <InputNumber min={L.limit_per_user[0]} max={L.limit_per_user[1]} precision={0} />
            </Form.Item>
          </Space>
          {/* Checked by a validator, not `required`: antd would put aria-required on the select's outer box (axe: aria-allowed-attr). */}
          <Form.Item name="pickup_shop_id" label={t('pickupShop')} rules={[{ validator: (_, v: number | undefined) => (v ? Promise.resolve() : Promise.reject(new Error(t('required', { field: t('pickupShop') })))) }]}>
            <Select showSearch optionFilterProp="label" options={shops.map((s) => ({ value: s.id, label: `${s.name} (#${s.id})` }))} />
          </Form.Item>
          <Form.Item name="rules" label={t('rules')}>
            <Input.TextArea maxLength={L.rules} rows={2} />
          </Form.Item>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  )
}
