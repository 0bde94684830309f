import { useState } from 'react'
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import type { ConsoleBusinessClass, ConsoleCity } from '../../src/contract/console'
import { HOME_BANNER_LIMITS, PINYIN_PATTERN, PLACE_LIMITS as L, SECKILL_IMAGE_PATTERN } from '../../src/contract/consoleEndpoints'
import { call } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'

/**
 * Cities and business classes (issue 45, h45-home; console.city/*, console.businessClass/*): listed with how many shops
 * use each, added, renamed in Chinese and English, switched off and on. Never deleted: shops are filed under them; a
 * switched-off one is no longer offered to new sign-ups or in the shoppers' lists (the screen's help says so).
 */

interface CityFields {
  name: string
  name_en: string
  pinyin: string
  hot: boolean
  lat?: number | null
  lng?: number | null
  reason?: string
}

interface ClassFields {
  name: string
  name_en: string
  icon: string
  reason?: string
}

const stateTag = (shown: boolean, on: string, off: string) => (shown ? <Tag color="blue">{on}</Tag> : <Tag>{off}</Tag>)

export function Cities() {
  const { t, lang } = useConsole()
  const { message } = App.useApp()
  const index = useLoad(() => call('console.city/index', {}), [])
  const write = useSingleFlight()
  const [editing, setEditing] = useState<ConsoleCity | 'new' | null>(null)
  const [form] = Form.useForm<CityFields>()
  const [formError, setFormError] = useState<string | null>(null)
  const nameOf = (c: ConsoleCity) => (lang === 'en' ? c.name_en : c.name)

  const open = (c: ConsoleCity | 'new') => {
    setFormError(null)
    setEditing(c)
    form.setFieldsValue(c === 'new' ? { name: '', name_en: '', pinyin: '', hot: false, lat: null, lng: null, reason: '' } : { name: c.name, name_en: c.name_en, pinyin: c.pinyin, hot: c.hot, lat: c.lat, lng: c.lng, reason: '' })
  }
  const save = (f: CityFields) =>
    write.run(async () => {
      setFormError(null)
      try {
        const { city } = await call('console.city/save', { id: editing !== 'new' && editing ? editing.id : undefined, name: f.name.trim(), name_en: f.name_en.trim(), pinyin: f.pinyin.trim(), hot: f.hot, lat: f.lat ?? null, lng: f.lng ?? null, reason: f.reason?.trim() || undefined })
        message.success(t('citySaved', { name: nameOf(city) }))
        setEditing(null)
        index.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })
  const setShown = (c: ConsoleCity, shown: boolean) =>
    write.run(async () => {
      try {
        await call('console.city/setShown', { id: c.id, shown })
        message.success(t(shown ? 'cityShown' : 'cityHidden', { name: nameOf(c) }))
        index.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })

  return (
    <section aria-labelledby="cities-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={2} id="cities-title" style={{ margin: 0, fontSize: 20 }}>
          {t('citiesTitle')}
        </Typography.Title>
        <Button type="primary" onClick={() => open('new')}>
          {t('newCity')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('citiesHelp')}</Typography.Paragraph>
      <LoadState loading={index.loading} error={index.error} reload={index.reload} hasData={index.data !== undefined} empty={index.data?.cities.length === 0} emptyText={t('citiesEmpty')}>
        <Table<ConsoleCity>
          className="console-cities"
          rowKey="id"
          size="small"
          pagination={false}
          loading={index.loading}
          dataSource={index.data?.cities ?? []}
          columns={[
            { title: t('placeNameZh'), dataIndex: 'name', render: (name: string, c) => (c.hot ? <>{name} <Tag>{t('cityHotTag')}</Tag></> : name) },
            { title: t('placeNameEn'), dataIndex: 'name_en' },
            { title: t('cityPinyin'), dataIndex: 'pinyin' },
            { title: t('placeShops'), dataIndex: 'shops' },
            { title: t('status'), dataIndex: 'shown', render: (shown: boolean) => stateTag(shown, t('placeOn'), t('placeOff')) },
            {
              title: t('actions'),
              key: 'actions',
              render: (_: unknown, c) => (
                <Space>
                  <Button size="small" onClick={() => open(c)} aria-label={`${t('edit')} ${nameOf(c)}`}>
                    {t('edit')}
                  </Button>
                  {c.shown ? (
                    <Popconfirm title={t('cityHideConfirm', { name: nameOf(c), count: c.shops })} onConfirm={() => void setShown(c, false)} okText={t('placeHide')} cancelText={t('cancel')}>
                      <Button size="small" danger loading={write.busy} aria-label={`${t('placeHide')} ${nameOf(c)}`}>
                        {t('placeHide')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button size="small" loading={write.busy} onClick={() => void setShown(c, true)} aria-label={`${t('placeShow')} ${nameOf(c)}`}>
                      {t('placeShow')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </LoadState>
      <Modal open={editing !== null} title={editing === 'new' ? t('newCity') : t('editCity')} onCancel={() => setEditing(null)} okText={t('save')} cancelText={t('cancel')} okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-city-form' }} forceRender>
        <Form<CityFields> id="console-city-form" form={form} layout="vertical" onFinish={save} disabled={write.busy} requiredMark={false}>
          {formError && editing !== null && (
            <Typography.Paragraph type="danger" role="alert">
              {formError}
            </Typography.Paragraph>
          )}
          <Form.Item name="name" label={t('placeNameZh')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('placeNameZh') }) }]}>
            <Input maxLength={L.name} />
          </Form.Item>
          <Form.Item name="name_en" label={t('placeNameEn')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('placeNameEn') }) }]}>
            <Input maxLength={L.name_en} />
          </Form.Item>
          <Form.Item name="pinyin" label={t('cityPinyin')} rules={[{ required: true, pattern: PINYIN_PATTERN, message: t('pinyinFormat') }]}>
            <Input maxLength={L.pinyin} />
          </Form.Item>
          <Form.Item name="hot" valuePropName="checked">
            <Checkbox>{t('cityHot')}</Checkbox>
          </Form.Item>
          <Space size="large" align="start" wrap>
            <Form.Item name="lat" label={t('cityLat')}>
              <InputNumber min={-90} max={90} step={0.0001} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item
              name="lng"
              label={t('cityLng')}
              dependencies={['lat']}
              rules={[({ getFieldValue }) => ({ validator: (_, v: number | null | undefined) => ((v ?? null) === null) === (((getFieldValue('lat') as number | null | undefined) ?? null) === null) ? Promise.resolve() : Promise.reject(new Error(t('latLngTogether'))) })]}
            >
              <InputNumber min={-180} max={180} step={0.0001} style={{ width: 180 }} />
            </Form.Item>
          </Space>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  )
}

export function BusinessClasses() {
  const { t, lang } = useConsole()
  const { message } = App.useApp()
  const index = useLoad(() => call('console.businessClass/index', {}), [])
  const write = useSingleFlight()
  const [editing, setEditing] = useState<ConsoleBusinessClass | 'new' | null>(null)
  const [form] = Form.useForm<ClassFields>()
  const [formError, setFormError] = useState<string | null>(null)
  const nameOf = (c: ConsoleBusinessClass) => (lang === 'en' ? c.name_en : c.name)

  const open = (c: ConsoleBusinessClass | 'new') => {
    setFormError(null)
    setEditing(c)
    form.setFieldsValue(c === 'new' ? { name: '', name_en: '', icon: '', reason: '' } : { name: c.name, name_en: c.name_en, icon: c.icon, reason: '' })
  }
  const save = (f: ClassFields) =>
    write.run(async () => {
      setFormError(null)
      try {
        const { business_class } = await call('console.businessClass/save', { id: editing !== 'new' && editing ? editing.id : undefined, name: f.name.trim(), name_en: f.name_en.trim(), icon: f.icon.trim(), reason: f.reason?.trim() || undefined })
        message.success(t('classSaved', { name: nameOf(business_class) }))
        setEditing(null)
        index.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })
  const setShown = (c: ConsoleBusinessClass, shown: boolean) =>
    write.run(async () => {
      try {
        await call('console.businessClass/setShown', { id: c.id, shown })
        message.success(t(shown ? 'classShown' : 'classHidden', { name: nameOf(c) }))
        index.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })

  return (
    <section aria-labelledby="classes-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={2} id="classes-title" style={{ margin: 0, fontSize: 20 }}>
          {t('classesTitle')}
        </Typography.Title>
        <Button type="primary" onClick={() => open('new')}>
          {t('newClass')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('classesHelp')}</Typography.Paragraph>
      <LoadState loading={index.loading} error={index.error} reload={index.reload} hasData={index.data !== undefined} empty={index.data?.classes.length === 0} emptyText={t('classesEmpty')}>
        <Table<ConsoleBusinessClass>
          className="console-classes"
          rowKey="id"
          size="small"
          pagination={false}
          loading={index.loading}
          dataSource={index.data?.classes ?? []}
          columns={[
            { title: t('classIcon'), dataIndex: 'icon', render: (src: string, c) => <img src={src} alt={nameOf(c)} width={32} height={32} style={{ display: 'block' }} /> },
            { title: t('placeNameZh'), dataIndex: 'name' },
            { title: t('placeNameEn'), dataIndex: 'name_en' },
            { title: t('placeShops'), dataIndex: 'shops' },
            { title: t('status'), dataIndex: 'shown', render: (shown: boolean) => stateTag(shown, t('placeOn'), t('placeOff')) },
            {
              title: t('actions'),
              key: 'actions',
              render: (_: unknown, c) => (
                <Space>
                  <Button size="small" onClick={() => open(c)} aria-label={`${t('edit')} ${nameOf(c)}`}>
                    {t('edit')}
                  </Button>
                  {c.shown ? (
                    <Popconfirm title={t('classHideConfirm', { name: nameOf(c), count: c.shops })} onConfirm={() => void setShown(c, false)} okText={t('placeHide')} cancelText={t('cancel')}>
                      <Button size="small" danger loading={write.busy} aria-label={`${t('placeHide')} ${nameOf(c)}`}>
                        {t('placeHide')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button size="small" loading={write.busy} onClick={() => void setShown(c, true)} aria-label={`${t('placeShow')} ${nameOf(c)}`}>
                      {t('placeShow')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </LoadState>
      <Modal open={editing !== null} title={editing === 'new' ? t('newClass') : t('editClass')} onCancel={() => setEditing(null)} okText={t('save')} cancelText={t('cancel')} okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-class-form' }} forceRender>
        <Form<ClassFields> id="console-class-form" form={form} layout="vertical" onFinish={save} disabled={write.busy} requiredMark={false}>
          {formError && editing !== null && (
            <Typography.Paragraph type="danger" role="alert">
              {formError}
            </Typography.Paragraph>
          )}
          <Form.Item name="name" label={t('placeNameZh')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('placeNameZh') }) }]}>
            <Input maxLength={L.name} />
          </Form.Item>
          <Form.Item name="name_en" label={t('placeNameEn')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('placeNameEn') }) }]}>
            <Input maxLength={L.name_en} />
          </Form.Item>
          <Form.Item name="icon" label={t('classIcon')} extra={t('pictureHelp')} rules={[{ required: true, pattern: SECKILL_IMAGE_PATTERN, message: t('pictureHelp') }]}>
            <Input maxLength={HOME_BANNER_LIMITS.image} placeholder="/assets/img/class-1.svg" />
          </Form.Item>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  )
}
