import { useState } from 'react'
import { App, Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd'
import type { ConsoleMallCategory, ConsoleMallProduct, ConsoleMallSlide, ConsoleMallSpec, ConsoleMallSpecial } from '../../src/contract/console'
import { MALL_LIMITS as L, SECKILL_IMAGE_PATTERN, SECKILL_LIMITS } from '../../src/contract/consoleEndpoints'
import { call } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight, type Loaded } from '../useLoad'
import { LoadState } from './States'

/**
 * The micro mall (issue 45; console.mall/*): categories (add, rename, order, hide) and products by category or name,
 * paged, with their specs (price, member price, total stock — never below what is sold or held). Prices are typed in
 * yuan and sent in fen. Each write runs once at a time and says what it did; a refusal keeps the form as typed, with
 * the reason's words.
 */

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`
const fen = (y: number) => Math.round(y * 100)
const PAGE_SIZE = 10

export function Mall() {
  const { t } = useConsole()
  const categories = useLoad(() => call('console.mall/categories', {}), [])
  return (
    <section aria-labelledby="mall-title">
      <Typography.Title level={2} id="mall-title" style={{ marginTop: 0, fontSize: 20 }}>
        {t('mallTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('mallHelp')}</Typography.Paragraph>
      <Tabs
        defaultActiveKey="products"
        items={[
          { key: 'products', label: t('mallProductsTab'), children: <Products categories={categories.data?.list ?? []} /> },
          { key: 'categories', label: t('mallCategoriesTab'), children: <Categories loaded={categories} /> },
          { key: 'showcase', label: t('mallShowcaseTab'), children: <Showcase /> },
        ]}
      />
    </section>
  )
}

// ——— Categories ———

interface CategoryFields {
  name: string
  icon: string
  reason?: string
}

function Categories({ loaded }: { loaded: Loaded<{ list: ConsoleMallCategory[] }> }) {
  const { t } = useConsole()
  const { message } = App.useApp()
  const write = useSingleFlight()
  const [editing, setEditing] = useState<ConsoleMallCategory | 'new' | null>(null)
  const [form] = Form.useForm<CategoryFields>()
  const [formError, setFormError] = useState<string | null>(null)
  const list = loaded.data?.list ?? []

  const open = (c: ConsoleMallCategory | 'new') => {
    setFormError(null)
    setEditing(c)
    form.setFieldsValue(c === 'new' ? { name: '', icon: '', reason: '' } : { name: c.name, icon: c.icon, reason: '' })
  }
  const save = (f: CategoryFields) =>
    write.run(async () => {
      setFormError(null)
      try {
        const { category } = await call('console.mall/saveCategory', { id: editing !== 'new' && editing ? editing.id : undefined, name: f.name.trim(), icon: f.icon.trim(), reason: f.reason?.trim() || undefined })
        message.success(t('categorySaved', { name: category.name }))
        setEditing(null)
        loaded.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })
  const move = (index: number, by: -1 | 1) =>
    write.run(async () => {
      const ids = list.map((c) => c.id)
      const [moved] = ids.splice(index, 1)
      ids.splice(index + by, 0, moved)
      try {
        await call('console.mall/orderCategories', { ids })
        message.success(t('categoriesOrdered'))
      } catch (e) {
        message.error((e as Error).message)
      }
      loaded.reload()
    })
  const setHidden = (c: ConsoleMallCategory, hidden: boolean) =>
    write.run(async () => {
      try {
        await call('console.mall/setCategoryHidden', { id: c.id, hidden })
        message.success(t(hidden ? 'categoryHiddenDone' : 'categoryShownDone', { name: c.name }))
        loaded.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => open('new')}>
          {t('newCategory')}
        </Button>
      </Space>
      <LoadState loading={loaded.loading} error={loaded.error} reload={loaded.reload} hasData={loaded.data !== undefined} empty={list.length === 0} emptyText={t('mallCategoriesEmpty')}>
        <Table<ConsoleMallCategory>
          rowKey="id"
          size="small"
          pagination={false}
          loading={loaded.loading}
          dataSource={list}
          className="console-mall-categories"
          columns={[
            {
              title: t('orderHead'),
              key: 'order',
              render: (_: unknown, c, i) => (
                <Space>
                  <Button size="small" disabled={i === 0 || write.busy} onClick={() => void move(i, -1)} aria-label={`${t('moveUp')} ${c.name}`}>
                    {t('moveUp')}
                  </Button>
                  <Button size="small" disabled={i === list.length - 1 || write.busy} onClick={() => void move(i, 1)} aria-label={`${t('moveDown')} ${c.name}`}>
                    {t('moveDown')}
                  </Button>
                </Space>
              ),
            },
            { title: t('categoryIcon'), dataIndex: 'icon', render: (icon: string) => <img src={icon} alt="" width={32} height={32} /> },
            { title: t('categoryName'), dataIndex: 'name' },
            { title: t('categoryProducts'), dataIndex: 'products' },
            { title: t('categoryShownHead'), dataIndex: 'hidden', render: (hidden: boolean) => (hidden ? <Tag>{t('categoryHidden')}</Tag> : <Tag color="blue">{t('categoryShown')}</Tag>) },
            {
              title: t('actions'),
              key: 'actions',
              render: (_: unknown, c) => (
                <Space>
                  <Button size="small" onClick={() => open(c)} aria-label={`${t('edit')} ${c.name}`}>
                    {t('edit')}
                  </Button>
                  {c.hidden ? (
                    <Button size="small" loading={write.busy} onClick={() => void setHidden(c, false)} aria-label={`${t('showCategory')} ${c.name}`}>
                      {t('showCategory')}
                    </Button>
                  ) : (
                    <Popconfirm title={t('hideCategoryConfirm', { name: c.name })} onConfirm={() => void setHidden(c, true)} okText={t('hideCategory')} cancelText={t('cancel')}>
                      <Button size="small" danger loading={write.busy} aria-label={`${t('hideCategory')} ${c.name}`}>
                        {t('hideCategory')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </LoadState>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('newCategory') : editing ? t('editCategory', { name: editing.name }) : ''}
        onCancel={() => setEditing(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-mall-category-form' }}
        forceRender
      >
        <Form<CategoryFields> id="console-mall-category-form" name="console-mall-category-form" form={form} layout="vertical" onFinish={save} disabled={write.busy} requiredMark={false}>
          {formError && editing !== null && (
            <Typography.Paragraph type="danger" role="alert">
              {formError}
            </Typography.Paragraph>
          )}
          <Form.Item name="name" label={t('categoryName')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('categoryName') }) }]}>
            <Input maxLength={L.category} />
          </Form.Item>
          <Form.Item name="icon" label={t('categoryIcon')} extra={t('pictureHelp')} rules={[{ required: true, pattern: SECKILL_IMAGE_PATTERN, message: t('pictureHelp') }]}>
            <Input maxLength={SECKILL_LIMITS.image} placeholder="/assets/img/mall-cat-1.svg" />
          </Form.Item>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}

// ——— Products and specs ———

interface ProductFields {
  category_id: number
  shop_id: number
  name: string
  subtitle: string
  pictures: string
  description: string
  list_yuan: number
  limit_per_order: number
  pickup: boolean
  fee_yuan: number
  reason?: string
}

interface SpecFields {
  name: string
  price_yuan: number
  member_yuan: number
  total_stock: number
  reason?: string
}

const linesOf = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)

function Products({ categories }: { categories: ConsoleMallCategory[] }) {
  const { t } = useConsole()
  const { message } = App.useApp()
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined)
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState(1)
  const products = useLoad(() => call('console.mall/products', { page, page_size: PAGE_SIZE, ...(categoryId ? { category_id: categoryId } : {}), ...(keyword ? { keyword } : {}) }), [page, categoryId, keyword])
  const write = useSingleFlight()
  const [editing, setEditing] = useState<ConsoleMallProduct | 'new' | null>(null)
  const [specEditing, setSpecEditing] = useState<{ product: ConsoleMallProduct; spec: ConsoleMallSpec | null } | null>(null)
  const [form] = Form.useForm<ProductFields>()
  const [specForm] = Form.useForm<SpecFields>()
  const [formError, setFormError] = useState<string | null>(null)
  const shops = products.data?.shops ?? []
  const categoryName = (id: number) => categories.find((c) => c.id === id)?.name ?? `#${id}`

  const open = (p: ConsoleMallProduct | 'new') => {
    setFormError(null)
    setEditing(p)
    form.setFieldsValue(
      p === 'new'
        ? { category_id: categoryId, shop_id: undefined, name: '', subtitle: '', pictures: '', description: '', list_yuan: undefined, limit_per_order: 5, pickup: false, fee_yuan: 0, reason: '' }
        : { category_id: p.category_id, shop_id: p.shop_id, name: p.name, subtitle: p.subtitle, pictures: p.images.join('\n'), description: p.description.join('\n'), list_yuan: p.list_price / 100, limit_per_order: p.limit_per_order, pickup: p.pickup, fee_yuan: p.shipping_fee / 100, reason: '' },
    )
  }
  const openSpec = (product: ConsoleMallProduct, spec: ConsoleMallSpec | null) => {
    setFormError(null)
    setSpecEditing({ product, spec })
    specForm.setFieldsValue(spec ? { name: spec.name, price_yuan: spec.price / 100, member_yuan: spec.member_price / 100, total_stock: spec.total_stock, reason: '' } : { name: '', price_yuan: undefined, member_yuan: undefined, total_stock: 10, reason: '' })
  }

  const save = (f: ProductFields) =>
    write.run(async () => {
      setFormError(null)
      const isNew = editing === 'new'
      try {
        const { product } = await call('console.mall/saveProduct', {
          id: editing !== 'new' && editing ? editing.id : undefined,
          category_id: f.category_id,
          shop_id: f.shop_id,
          name: f.name.trim(),
          subtitle: (f.subtitle ?? '').trim(),
          images: linesOf(f.pictures),
          description: linesOf(f.description),
          list_price: fen(f.list_yuan),
          limit_per_order: f.limit_per_order,
          pickup: f.pickup,
          shipping_fee: fen(f.fee_yuan ?? 0),
          reason: f.reason?.trim() || undefined,
        })
        setEditing(null)
        products.reload()
        if (isNew) {
          // A new product needs an option before it can go on sale: its form next.
          message.success(t('mallProductSaved', { name: product.name }))
          openSpec(product, null)
        } else message.success(t('mallProductSavedOnSale', { name: product.name }))
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const saveSpec = (f: SpecFields) =>
    write.run(async () => {
      if (!specEditing) return
      setFormError(null)
      try {
        const { spec } = await call('console.mall/saveSpec', {
          id: specEditing.spec?.id,
          product_id: specEditing.product.id,
          name: f.name.trim(),
          price: fen(f.price_yuan),
          member_price: fen(f.member_yuan),
          total_stock: f.total_stock,
          reason: f.reason?.trim() || undefined,
        })
        message.success(t('specSaved', { name: spec.name }))
        setSpecEditing(null)
        products.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const setOnSale = (p: ConsoleMallProduct, onSale: boolean) =>
    write.run(async () => {
      try {
        await call('console.mall/setOnSale', { id: p.id, on_sale: onSale })
        message.success(t(onSale ? 'restored' : 'withdrawn', { name: p.name }))
        products.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })

  const sold = specEditing?.spec?.sold ?? 0
  const list = products.data?.list ?? []

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<number>
          aria-label={t('categoryFilter')}
          style={{ width: 200 }}
          value={categoryId ?? 0}
          onChange={(v) => {
            setCategoryId(v || undefined)
            setPage(1)
          }}
          options={[{ value: 0, label: t('allCategories') }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
        />
        <Input.Search
          aria-label={t('searchByName')}
          placeholder={t('searchByName')}
          allowClear
          enterButton={t('search')}
          maxLength={L.name}
          style={{ width: 320 }}
          onSearch={(v) => {
            setKeyword(v.trim())
            setPage(1)
          }}
        />
        <Button type="primary" onClick={() => open('new')}>
          {t('newMallProduct')}
        </Button>
      </Space>
      <LoadState loading={products.loading} error={products.error} reload={products.reload} hasData={products.data !== undefined} empty={list.length === 0} emptyText={t('mallProductsEmpty')}>
        <Table<ConsoleMallProduct>
          rowKey="id"
          size="small"
          loading={products.loading}
          dataSource={list}
          className="console-mall-products"
          pagination={{ current: page, pageSize: PAGE_SIZE, total: products.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('productName'), dataIndex: 'name', render: (name: string, p) => <span className="console-mall-product-name" data-product={p.id}>{name}</span> },
            { title: t('mallCategory'), dataIndex: 'category_id', render: (id: number) => categoryName(id) },
            {
              title: t('specsHead'),
              key: 'specs',
              render: (_: unknown, p) => (
                <Space direction="vertical" size={4}>
                  {p.specs.length === 0 && <Typography.Text type="secondary">{t('noSpecs')}</Typography.Text>}
                  {p.specs.map((s) => (
                    <Space key={s.id} size="small" className="console-mall-spec" data-spec={s.id}>
                      <span>
                        {s.name} · {yuan(s.price)} · {t('memberPriceShort')} {yuan(s.member_price)} · {t('stockShort')} {s.stock}/{s.total_stock}
                        {s.sold > 0 ? ` · ${t('soldShort')} ${s.sold}` : ''}
                      </span>
                      <Button size="small" type="link" onClick={() => openSpec(p, s)} aria-label={`${t('edit')} ${p.name} ${s.name}`}>
                        {t('edit')}
                      </Button>
                    </Space>
                  ))}
                  <Button size="small" onClick={() => openSpec(p, null)} aria-label={`${t('newSpec')} ${p.name}`}>
                    {t('newSpec')}
                  </Button>
                </Space>
              ),
            },
            { title: t('onSale'), dataIndex: 'on_sale', render: (on: boolean) => (on ? <Tag color="blue">{t('onSaleYes')}</Tag> : <Tag>{t('onSaleNo')}</Tag>) },
            {
              title: t('actions'),
              key: 'actions',
              render: (_: unknown, p) => (
                <Space>
                  <Button size="small" onClick={() => open(p)} aria-label={`${t('edit')} ${p.name}`}>
                    {t('edit')}
                  </Button>
                  {p.on_sale ? (
                    <Popconfirm title={t('withdrawConfirm', { name: p.name })} onConfirm={() => void setOnSale(p, false)} okText={t('withdraw')} cancelText={t('cancel')}>
                      <Button size="small" danger loading={write.busy} aria-label={`${t('withdraw')} ${p.name}`}>
                        {t('withdraw')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button size="small" type="primary" ghost loading={write.busy} onClick={() => void setOnSale(p, true)} aria-label={`${t('putOnSale')} ${p.name}`}>
                      {t('putOnSale')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </LoadState>

      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('newMallProduct') : editing ? t('editMallProduct', { name: editing.name }) : ''}
        onCancel={() => setEditing(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-mall-product-form' }}
        width={680}
        forceRender
      >
        <Form<ProductFields> id="console-mall-product-form" name="console-mall-product-form" form={form} layout="vertical" onFinish={save} disabled={write.busy} requiredMark={false}>
          {formError && editing !== null && (
            <Typography.Paragraph type="danger" role="alert">
              {formError}
            </Typography.Paragraph>
          )}
          <Space size="large" align="start" wrap>
            {/* Checked by validators, not `required`: antd would put aria-required on the select's outer box (axe: aria-allowed-attr). */}
            <Form.Item name="category_id" label={t('mallCategory')} rules={[{ validator: (_, v: number | undefined) => (v ? Promise.resolve() : Promise.reject(new Error(t('required', { field: t('mallCategory') })))) }]}>
              <Select style={{ width: 220 }} showSearch optionFilterProp="label" options={categories.map((c) => ({ value: c.id, label: c.hidden ? `${c.name} (${t('categoryHidden')})` : c.name }))} />
            </Form.Item>
            <Form.Item name="shop_id" label={t('shipsFrom')} rules={[{ validator: (_, v: number | undefined) => (v ? Promise.resolve() : Promise.reject(new Error(t('required', { field: t('shipsFrom') })))) }]}>
              <Select style={{ width: 300 }} showSearch optionFilterProp="label" options={shops.map((s) => ({ value: s.id, label: `${s.name} (#${s.id})` }))} />
            </Form.Item>
          </Space>
          <Form.Item name="name" label={t('productName')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('productName') }) }]}>
            <Input maxLength={L.name} />
          </Form.Item>
          <Form.Item name="subtitle" label={t('subtitle')}>
            <Input maxLength={L.subtitle} />
          </Form.Item>
          <Form.Item
            name="pictures"
            label={t('pictures')}
            extra={t('picturesHelp')}
            rules={[
              {
                validator: (_, v: string | undefined) => {
                  const all = linesOf(v)
                  return all.length >= L.images[0] && all.length <= L.images[1] && all.every((a) => SECKILL_IMAGE_PATTERN.test(a)) ? Promise.resolve() : Promise.reject(new Error(t('picturesHelp')))
                },
              },
            ]}
          >
            <Input.TextArea rows={2} placeholder="/assets/img/mall-1.svg" />
          </Form.Item>
          <Form.Item name="description" label={t('description')}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Space size="large" align="start" wrap>
            <Form.Item name="list_yuan" label={t('listPrice')} rules={[{ required: true, type: 'number', min: 0.01, message: t('priceFormat') }]}>
              <InputNumber min={0.01} max={L.price[1] / 100} precision={2} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="limit_per_order" label={t('limitPerOrder')} rules={[{ required: true, message: t('required', { field: t('limitPerOrder') }) }]}>
              <InputNumber min={L.limit_per_order[0]} max={L.limit_per_order[1]} precision={0} />
            </Form.Item>
            <Form.Item name="fee_yuan" label={t('shippingFee')} rules={[{ type: 'number', min: 0, max: L.shipping_fee[1] / 100, message: t('feeFormat') }]}>
              <InputNumber min={0} max={L.shipping_fee[1] / 100} precision={2} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="pickup" label={t('pickupAllowed')} valuePropName="checked">
              <Switch aria-label={t('pickupAllowed')} />
            </Form.Item>
          </Space>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={specEditing !== null}
        title={specEditing?.spec ? t('editSpec', { name: specEditing.spec.name }) : specEditing ? t('newSpecOf', { name: specEditing.product.name }) : ''}
        onCancel={() => setSpecEditing(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-mall-spec-form' }}
        forceRender
      >
        <Form<SpecFields> id="console-mall-spec-form" name="console-mall-spec-form" form={specForm} layout="vertical" onFinish={saveSpec} disabled={write.busy} requiredMark={false}>
          {formError && specEditing !== null && (
            <Typography.Paragraph type="danger" role="alert">
              {formError}
            </Typography.Paragraph>
          )}
          <Form.Item name="name" label={t('specName')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('specName') }) }]}>
            <Input maxLength={L.spec} />
          </Form.Item>
          <Space size="large" align="start" wrap>
            <Form.Item name="price_yuan" label={t('specPrice')} rules={[{ required: true, type: 'number', min: 0.01, message: t('priceFormat') }]}>
              <InputNumber min={0.01} max={L.price[1] / 100} precision={2} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item
              name="member_yuan"
              label={t('memberPrice')}
              dependencies={['price_yuan']}
              rules={[
                { required: true, type: 'number', min: 0.01, message: t('priceFormat') },
                ({ getFieldValue }) => ({ validator: (_, v: number | undefined) => (v === undefined || v <= (getFieldValue('price_yuan') as number) ? Promise.resolve() : Promise.reject(new Error(t('memberPriceAtMost')))) }),
              ]}
            >
              <InputNumber min={0.01} max={L.price[1] / 100} precision={2} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="total_stock" label={t('totalStock')} extra={sold > 0 ? t('totalStockHelp', { sold }) : undefined} rules={[{ required: true, type: 'number', min: sold, message: t('totalStockHelp', { sold }) }]}>
              <InputNumber min={sold} max={L.total_stock[1]} precision={0} style={{ width: 150 }} />
            </Form.Item>
          </Space>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}

// ——— Specials and the gallery ———

interface SpecialFields {
  title: string
  subtitle: string
  banner: string
  product_ids: string
  reason?: string
}

interface SlideFields {
  image: string
  title: string
  subtitle: string
  link_type: 'product' | 'special'
  link_id: number
  reason?: string
}

/** Product numbers typed one after another (commas, spaces or lines between). */
const idsOf = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,，]+/)
    .filter((x) => x.length > 0)
    .map(Number)

function Showcase() {
  const { t } = useConsole()
  const { message } = App.useApp()
  const loaded = useLoad(() => call('console.mall/showcase', {}), [])
  const write = useSingleFlight()
  const [special, setSpecial] = useState<ConsoleMallSpecial | 'new' | null>(null)
  const [slide, setSlide] = useState<ConsoleMallSlide | 'new' | null>(null)
  const [specialForm] = Form.useForm<SpecialFields>()
  const [slideForm] = Form.useForm<SlideFields>()
  const [formError, setFormError] = useState<string | null>(null)
  const specials = loaded.data?.specials ?? []
  const slides = loaded.data?.slides ?? []

  const openSpecial = (x: ConsoleMallSpecial | 'new') => {
    setFormError(null)
    setSpecial(x)
    specialForm.setFieldsValue(x === 'new' ? { title: '', subtitle: '', banner: '', product_ids: '', reason: '' } : { title: x.title, subtitle: x.subtitle, banner: x.banner, product_ids: x.product_ids.join(', '), reason: '' })
  }
  const openSlide = (x: ConsoleMallSlide | 'new') => {
    setFormError(null)
    setSlide(x)
    slideForm.setFieldsValue(x === 'new' ? { image: '', title: '', subtitle: '', link_type: 'product', link_id: undefined, reason: '' } : { image: x.image, title: x.title, subtitle: x.subtitle, link_type: x.link_type, link_id: x.link_id, reason: '' })
  }
  const saveSpecial = (f: SpecialFields) =>
    write.run(async () => {
      setFormError(null)
      try {
        const saved = await call('console.mall/saveSpecial', { id: special !== 'new' && special ? special.id : undefined, title: f.title.trim(), subtitle: (f.subtitle ?? '').trim(), banner: f.banner.trim(), product_ids: idsOf(f.product_ids), reason: f.reason?.trim() || undefined })
        message.success(t('specialSaved', { title: saved.special.title }))
        setSpecial(null)
        loaded.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })
  const saveSlide = (f: SlideFields) =>
    write.run(async () => {
      setFormError(null)
      try {
        const saved = await call('console.mall/saveSlide', { id: slide !== 'new' && slide ? slide.id : undefined, image: f.image.trim(), title: f.title.trim(), subtitle: (f.subtitle ?? '').trim(), link_type: f.link_type, link_id: f.link_id, reason: f.reason?.trim() || undefined })
        message.success(t('slideSaved', { title: saved.slide.title }))
        setSlide(null)
        loaded.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })
  const withdraw = (kind: 'special' | 'slide', x: { id: number; title: string }, withdrawn: boolean) =>
    write.run(async () => {
      try {
        if (kind === 'special') await call('console.mall/setSpecialWithdrawn', { id: x.id, withdrawn })
        else await call('console.mall/setSlideWithdrawn', { id: x.id, withdrawn })
        message.success(t(withdrawn ? 'takenDown' : 'broughtBack', { title: x.title }))
        loaded.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })
  const move = (index: number, by: -1 | 1) =>
    write.run(async () => {
      const ids = slides.map((x) => x.id)
      const [moved] = ids.splice(index, 1)
      ids.splice(index + by, 0, moved)
      try {
        await call('console.mall/orderSlides', { ids })
        message.success(t('slidesOrdered'))
      } catch (e) {
        message.error((e as Error).message)
      }
      loaded.reload()
    })
  const status = (withdrawn: boolean) => (withdrawn ? <Tag>{t('withdrawnTag')}</Tag> : <Tag color="blue">{t('shown')}</Tag>)
  const withdrawButton = (kind: 'special' | 'slide', x: { id: number; title: string; withdrawn: boolean }) =>
    x.withdrawn ? (
      <Button size="small" loading={write.busy} onClick={() => void withdraw(kind, x, false)} aria-label={`${t('bringBack')} ${x.title}`}>
        {t('bringBack')}
      </Button>
    ) : (
      <Popconfirm title={t('takeDownConfirm', { title: x.title })} onConfirm={() => void withdraw(kind, x, true)} okText={t('takeDown')} cancelText={t('cancel')}>
        <Button size="small" danger loading={write.busy} aria-label={`${t('takeDown')} ${x.title}`}>
          {t('takeDown')}
        </Button>
      </Popconfirm>
    )

  return (
    <LoadState loading={loaded.loading} error={loaded.error} reload={loaded.reload} hasData={loaded.data !== undefined} empty={false} emptyText="">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
          {t('slidesHead')}
        </Typography.Title>
        <Button type="primary" onClick={() => openSlide('new')}>
          {t('newSlide')}
        </Button>
      </Space>
      <Table<ConsoleMallSlide>
        rowKey="id"
        size="small"
        pagination={false}
        loading={loaded.loading}
        dataSource={slides}
        className="console-mall-slides"
        locale={{ emptyText: t('slidesEmpty') }}
        style={{ marginBottom: 24 }}
        columns={[
          {
            title: t('orderHead'),
            key: 'order',
            render: (_: unknown, x, i) => (
              <Space>
                <Button size="small" disabled={i === 0 || write.busy} onClick={() => void move(i, -1)} aria-label={`${t('moveUp')} ${x.title}`}>
                  {t('moveUp')}
                </Button>
                <Button size="small" disabled={i === slides.length - 1 || write.busy} onClick={() => void move(i, 1)} aria-label={`${t('moveDown')} ${x.title}`}>
                  {t('moveDown')}
                </Button>
              </Space>
            ),
          },
          { title: t('slideImage'), dataIndex: 'image', render: (image: string) => <img src={image} alt="" width={96} height={40} style={{ objectFit: 'cover' }} /> },
          { title: t('specialTitle'), dataIndex: 'title' },
          { title: t('slideLink'), key: 'link', render: (_: unknown, x) => `${t(x.link_type === 'product' ? 'slideLinkProduct' : 'slideLinkSpecial')} #${x.link_id}` },
          { title: t('statusHead'), dataIndex: 'withdrawn', render: status },
          {
            title: t('actions'),
            key: 'actions',
            render: (_: unknown, x) => (
              <Space>
                <Button size="small" onClick={() => openSlide(x)} aria-label={`${t('edit')} ${x.title}`}>
                  {t('edit')}
                </Button>
                {withdrawButton('slide', x)}
              </Space>
            ),
          },
        ]}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
          {t('specialsHead')}
        </Typography.Title>
        <Button type="primary" onClick={() => openSpecial('new')}>
          {t('newSpecial')}
        </Button>
      </Space>
      <Table<ConsoleMallSpecial>
        rowKey="id"
        size="small"
        pagination={false}
        loading={loaded.loading}
        dataSource={specials}
        className="console-mall-specials"
        locale={{ emptyText: t('specialsEmpty') }}
        columns={[
          { title: '#', dataIndex: 'id' },
          { title: t('specialBanner'), dataIndex: 'banner', render: (banner: string) => <img src={banner} alt="" width={96} height={40} style={{ objectFit: 'cover' }} /> },
          { title: t('specialTitle'), dataIndex: 'title' },
          { title: t('specialProducts'), dataIndex: 'product_ids', render: (ids: number[]) => ids.map((id) => `#${id}`).join(', ') },
          { title: t('statusHead'), dataIndex: 'withdrawn', render: status },
          {
            title: t('actions'),
            key: 'actions',
            render: (_: unknown, x) => (
              <Space>
                <Button size="small" onClick={() => openSpecial(x)} aria-label={`${t('edit')} ${x.title}`}>
                  {t('edit')}
                </Button>
                {withdrawButton('special', x)}
              </Space>
            ),
          },
        ]}
      />

      <Modal
        open={special !== null}
        title={special === 'new' ? t('newSpecial') : special ? t('editSpecial', { title: special.title }) : ''}
        onCancel={() => setSpecial(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-mall-special-form' }}
        forceRender
      >
        <Form<SpecialFields> id="console-mall-special-form" name="console-mall-special-form" form={specialForm} layout="vertical" onFinish={saveSpecial} disabled={write.busy} requiredMark={false}>
          {formError && special !== null && (
            <Typography.Paragraph type="danger" role="alert">
              {formError}
            </Typography.Paragraph>
          )}
          <Form.Item name="title" label={t('specialTitle')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('specialTitle') }) }]}>
            <Input maxLength={L.title} />
          </Form.Item>
          <Form.Item name="subtitle" label={t('specialSubtitle')}>
            <Input maxLength={L.title} />
          </Form.Item>
          <Form.Item name="banner" label={t('specialBanner')} extra={t('pictureHelp')} rules={[{ required: true, pattern: SECKILL_IMAGE_PATTERN, message: t('pictureHelp') }]}>
            <Input maxLength={SECKILL_LIMITS.image} placeholder="/assets/img/mall-special-1.svg" />
          </Form.Item>
          <Form.Item name="product_ids" label={t('specialProducts')} extra="1, 5, 6">
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={slide !== null}
        title={slide === 'new' ? t('newSlide') : slide ? t('editSlide', { title: slide.title }) : ''}
        onCancel={() => setSlide(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-mall-slide-form' }}
        forceRender
      >
        <Form<SlideFields> id="console-mall-slide-form" name="console-mall-slide-form" form={slideForm} layout="vertical" onFinish={saveSlide} disabled={write.busy} requiredMark={false}>
          {formError && slide !== null && (
            <Typography.Paragraph type="danger" role="alert">
              {formError}
            </Typography.Paragraph>
          )}
          <Form.Item name="image" label={t('slideImage')} extra={t('pictureHelp')} rules={[{ required: true, pattern: SECKILL_IMAGE_PATTERN, message: t('pictureHelp') }]}>
            <Input maxLength={SECKILL_LIMITS.image} placeholder="/assets/img/mall-slide-1.svg" />
          </Form.Item>
          <Form.Item name="title" label={t('specialTitle')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('specialTitle') }) }]}>
            <Input maxLength={L.title} />
          </Form.Item>
          <Form.Item name="subtitle" label={t('specialSubtitle')}>
            <Input maxLength={L.title} />
          </Form.Item>
          <Space size="large" align="start" wrap>
            <Form.Item name="link_type" label={t('slideLink')}>
              <Select
                style={{ width: 160 }}
                options={[
                  { value: 'product', label: t('slideLinkProduct') },
                  { value: 'special', label: t('slideLinkSpecial') },
                ]}
              />
            </Form.Item>
            <Form.Item name="link_id" label={t('slideLinkId')} rules={[{ required: true, message: t('required', { field: t('slideLinkId') }) }]}>
              <InputNumber min={1} precision={0} style={{ width: 160 }} />
            </Form.Item>
          </Space>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </LoadState>
  )
}

