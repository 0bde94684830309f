import { useEffect, useState } from 'react'
import { App, Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd'
import type { ConsoleBanner, ConsoleHomeModule } from '../../src/contract/console'
import { HOME_BANNER_LIMITS as L, SECKILL_IMAGE_PATTERN, STATED_TIME_PATTERN, type HomeLinkPage } from '../../src/contract/consoleEndpoints'
import { call } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'

/**
 * Home's content (issue 45, h45-home; console.home/*): the banners in carousel order — a picture of this server, the
 * titles in Chinese and English, one of the app's pages, an optional window in Beijing time — moved up and down,
 * withdrawn and shown again; and the service grid, each module ticked on or off and moved, saved at once. Each write
 * runs once at a time and says what it did; a refusal keeps the form as typed, with the reason's words.
 */

interface BannerFields {
  image: string
  title: string
  title_en: string
  path: HomeLinkPage
  shows_from?: string
  shows_until?: string
  reason?: string
}

export function Home() {
  const { t, lang } = useConsole()
  const { message } = App.useApp()
  const index = useLoad(() => call('console.home/index', {}), [])
  const write = useSingleFlight()
  const [editing, setEditing] = useState<ConsoleBanner | 'new' | null>(null)
  const [form] = Form.useForm<BannerFields>()
  const [formError, setFormError] = useState<string | null>(null)
  const [modules, setModules] = useState<ConsoleHomeModule[] | null>(null)
  const links = index.data?.links ?? []
  const linkTitle = (path: string) => {
    const link = links.find((l) => l.path === path)
    return link ? (lang === 'en' ? link.title_en : link.title) : path
  }
  const banners = index.data?.banners ?? []
  // The grid as last loaded, until the operator changes it here (then as changed, until saved or loaded again).
  useEffect(() => setModules(null), [index.data])
  const grid = modules ?? index.data?.modules ?? []

  const open = (b: ConsoleBanner | 'new') => {
    setFormError(null)
    setEditing(b)
    form.setFieldsValue(
      b === 'new'
        ? { image: '', title: '', title_en: '', path: undefined, shows_from: '', shows_until: '', reason: '' }
        : { image: b.image, title: b.title, title_en: b.title_en, path: b.path as HomeLinkPage, shows_from: b.shows_from ?? '', shows_until: b.shows_until ?? '', reason: '' },
    )
  }

  const save = (f: BannerFields) =>
    write.run(async () => {
      setFormError(null)
      try {
        const { banner } = await call('console.home/saveBanner', {
          id: editing !== 'new' && editing ? editing.id : undefined,
          image: f.image.trim(),
          title: f.title.trim(),
          title_en: f.title_en.trim(),
          path: f.path,
          shows_from: f.shows_from?.trim() || null,
          shows_until: f.shows_until?.trim() || null,
          reason: f.reason?.trim() || undefined,
        })
        message.success(t('bannerSaved', { title: banner.title }))
        setEditing(null)
        index.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const setShown = (b: ConsoleBanner, shown: boolean) =>
    write.run(async () => {
      try {
        await call('console.home/setBannerShown', { id: b.id, shown })
        message.success(t(shown ? 'bannerShownDone' : 'bannerWithdrawnDone', { title: b.title }))
        index.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })

  const move = (i: number, by: -1 | 1) =>
    write.run(async () => {
      const ids = banners.map((b) => b.id)
      ;[ids[i], ids[i + by]] = [ids[i + by], ids[i]]
      try {
        await call('console.home/orderBanners', { ids })
        message.success(t('bannersOrdered'))
      } catch (e) {
        message.error((e as Error).message)
      }
      index.reload()
    })

  const moveModule = (i: number, by: -1 | 1) => {
    const next = [...grid]
    ;[next[i], next[i + by]] = [next[i + by], next[i]]
    setModules(next)
  }
  const saveModules = () =>
    write.run(async () => {
      try {
        const saved = await call('console.home/saveModules', { modules: grid.map((m) => ({ key: m.key, shown: m.shown })) })
        message.success(t('modulesSaved', { count: saved.modules.filter((m) => m.shown).length }))
        index.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })

  const windowText = (b: ConsoleBanner) =>
    b.shows_from && b.shows_until ? t('bannerFromUntil', { from: b.shows_from, until: b.shows_until }) : b.shows_from ? t('bannerFromOnly', { from: b.shows_from }) : b.shows_until ? t('bannerUntilOnly', { until: b.shows_until }) : t('bannerAlways')
  const titleOf = (b: ConsoleBanner) => (lang === 'en' ? b.title_en : b.title)

  return (
    <section aria-labelledby="home-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={2} id="home-title" style={{ margin: 0, fontSize: 20 }}>
          {t('homeTitle')}
        </Typography.Title>
        <Button type="primary" onClick={() => open('new')} disabled={!index.data}>
          {t('newBanner')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        {t('homeHelp')} {index.data ? t('fuelNow', { time: index.data.now_text }) : ''}
      </Typography.Paragraph>
      <LoadState loading={index.loading} error={index.error} reload={index.reload} hasData={index.data !== undefined} empty={false} emptyText="">
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Card title={<Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>{t('bannersTitle')}</Typography.Title>}>
            <Table<ConsoleBanner>
              className="console-banners"
              rowKey="id"
              size="small"
              pagination={false}
              loading={index.loading}
              dataSource={banners}
              locale={{ emptyText: t('bannersEmpty') }}
              columns={[
                { title: t('bannerPreview'), dataIndex: 'image', render: (src: string, b) => <img src={src} alt={titleOf(b)} width={120} height={48} style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }} /> },
                { title: t('bannerTitleZh'), dataIndex: 'title' },
                { title: t('bannerTitleEn'), dataIndex: 'title_en' },
                { title: t('bannerLink'), dataIndex: 'path', render: (p: string) => linkTitle(p) },
                { title: t('bannerWindow'), key: 'window', render: (_: unknown, b) => windowText(b) },
                {
                  title: t('status'),
                  key: 'state',
                  render: (_: unknown, b) => (b.withdrawn ? <Tag>{t('bannerWithdrawn')}</Tag> : b.showing ? <Tag color="blue">{t('bannerShowing')}</Tag> : <Tag>{t('bannerOutside')}</Tag>),
                },
                {
                  title: t('actions'),
                  key: 'actions',
                  render: (_: unknown, b, i) => (
                    <Space wrap>
                      <Button size="small" onClick={() => open(b)} aria-label={`${t('edit')} ${titleOf(b)}`}>
                        {t('edit')}
                      </Button>
                      <Button size="small" disabled={i === 0 || write.busy} onClick={() => void move(i, -1)} aria-label={t('moveUpOf', { title: titleOf(b) })}>
                        {t('moveUp')}
                      </Button>
                      <Button size="small" disabled={i === banners.length - 1 || write.busy} onClick={() => void move(i, 1)} aria-label={t('moveDownOf', { title: titleOf(b) })}>
                        {t('moveDown')}
                      </Button>
                      {b.withdrawn ? (
                        <Button size="small" loading={write.busy} onClick={() => void setShown(b, true)} aria-label={`${t('bannerShow')} ${titleOf(b)}`}>
                          {t('bannerShow')}
                        </Button>
                      ) : (
                        <Popconfirm title={t('bannerWithdrawConfirm', { title: titleOf(b) })} onConfirm={() => void setShown(b, false)} okText={t('bannerWithdraw')} cancelText={t('cancel')}>
                          <Button size="small" danger loading={write.busy} aria-label={`${t('bannerWithdraw')} ${titleOf(b)}`}>
                            {t('bannerWithdraw')}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          </Card>

          <Card
            title={<Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>{t('modulesTitle')}</Typography.Title>}
            extra={
              <Space>
                {modules && <Typography.Text type="warning">{t('modulesUnsaved')}</Typography.Text>}
                <Button type="primary" loading={write.busy} disabled={!modules} onClick={() => void saveModules()}>
                  {t('modulesSave')}
                </Button>
              </Space>
            }
          >
            <Typography.Paragraph type="secondary">{t('modulesHelp')}</Typography.Paragraph>
            <Table<ConsoleHomeModule>
              className="console-modules"
              rowKey="key"
              size="small"
              pagination={false}
              dataSource={grid}
              columns={[
                { title: '#', key: 'n', render: (_: unknown, _m, i) => i + 1, width: 48 },
                { title: t('moduleName'), key: 'title', render: (_: unknown, m) => (lang === 'en' ? m.title_en : m.title) },
                {
                  title: t('moduleShown'),
                  dataIndex: 'shown',
                  render: (shown: boolean, m, i) => (
                    <Checkbox checked={shown} aria-label={t('moduleShownOf', { title: lang === 'en' ? m.title_en : m.title })} onChange={(e) => setModules(grid.map((x, j) => (j === i ? { ...x, shown: e.target.checked } : x)))} />
                  ),
                },
                {
                  title: t('actions'),
                  key: 'actions',
                  render: (_: unknown, m, i) => (
                    <Space>
                      <Button size="small" disabled={i === 0} onClick={() => moveModule(i, -1)} aria-label={t('moveUpOf', { title: lang === 'en' ? m.title_en : m.title })}>
                        {t('moveUp')}
                      </Button>
                      <Button size="small" disabled={i === grid.length - 1} onClick={() => moveModule(i, 1)} aria-label={t('moveDownOf', { title: lang === 'en' ? m.title_en : m.title })}>
                        {t('moveDown')}
                      </Button>
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        </Space>
      </LoadState>

      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('newBanner') : t('editBanner')}
        onCancel={() => setEditing(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-banner-form' }}
        width={640}
        forceRender
      >
        <Form<BannerFields> id="console-banner-form" form={form} layout="vertical" onFinish={save} disabled={write.busy} requiredMark={false}>
          {formError && editing !== null && (
            <Typography.Paragraph type="danger" role="alert">
              {formError}
            </Typography.Paragraph>
          )}
          <Form.Item name="image" label={t('picture')} extra={t('pictureHelp')} rules={[{ required: true, pattern: SECKILL_IMAGE_PATTERN, message: t('pictureHelp') }]}>
            <Input maxLength={L.image} placeholder="/assets/img/banner-1.svg" />
          </Form.Item>
          <Form.Item name="title" label={t('bannerTitleZh')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('bannerTitleZh') }) }]}>
            <Input maxLength={L.title} />
          </Form.Item>
          <Form.Item name="title_en" label={t('bannerTitleEn')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('bannerTitleEn') }) }]}>
            <Input maxLength={L.title_en} />
          </Form.Item>
          {/* Checked by a validator, not `required`: antd would put aria-required on the select's outer box (axe: aria-allowed-attr). */}
          <Form.Item name="path" label={t('bannerLink')} rules={[{ validator: (_, v: string | undefined) => (v ? Promise.resolve() : Promise.reject(new Error(t('required', { field: t('bannerLink') })))) }]}>
            <Select options={links.map((l) => ({ value: l.path, label: `${lang === 'en' ? l.title_en : l.title} (${l.path})` }))} />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('bannerWindowHelp')}</Typography.Paragraph>
          <Space size="large" align="start" wrap>
            <Form.Item name="shows_from" label={t('bannerFrom')} rules={[{ pattern: STATED_TIME_PATTERN, message: t('effectiveAtFormat') }]}>
              <Input placeholder="YYYY-MM-DD HH:mm" maxLength={16} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name="shows_until"
              label={t('bannerUntil')}
              dependencies={['shows_from']}
              rules={[
                { pattern: STATED_TIME_PATTERN, message: t('effectiveAtFormat') },
                ({ getFieldValue }) => ({
                  validator: (_, v: string | undefined) => {
                    const from = (getFieldValue('shows_from') as string | undefined)?.trim()
                    return !v || !from || !STATED_TIME_PATTERN.test(from) || v.trim() > from ? Promise.resolve() : Promise.reject(new Error(t('bannerWindowOrder')))
                  },
                }),
              ]}
            >
              <Input placeholder="YYYY-MM-DD HH:mm" maxLength={16} style={{ width: 200 }} />
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
