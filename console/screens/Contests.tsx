import { useState } from 'react'
import { Alert, App, Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import type { ConsoleContest, ContestPrize, ContestStanding } from '../../src/contract/console'
import { REFERRAL_CONTEST_LIMITS as L, STATED_TIME_PATTERN } from '../../src/contract/consoleEndpoints'
import { call } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'
import type { MessageKey } from '../messages'

/**
 * Referral contests (issue 45; console.referral/*): every contest with its period, prizes, minimum purchase and what it
 * counts; creating one, changing one (a running contest's start and minimum are shown fixed: the server refuses them
 * too), ending a running one early; the standings of one, read-only. Times are the business zone's wall clock, typed as
 * the server reads them; amounts typed in yuan, sent in fen.
 */

const STANDINGS_PAGE = 10

interface ContestFields {
  title: string
  title_en: string
  start: string
  end: string
  min_yuan: number
  prizes: ContestPrize[]
  reason?: string
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`
const minute = (text: string) => text.slice(0, 16)

export function Contests() {
  const { t, lang } = useConsole()
  const { message } = App.useApp()
  const index = useLoad(() => call('console.referral/index', {}), [])
  const write = useSingleFlight()
  const [editing, setEditing] = useState<ConsoleContest | 'new' | null>(null)
  const [form] = Form.useForm<ContestFields>()
  const [formError, setFormError] = useState<string | null>(null)
  const [board, setBoard] = useState<ConsoleContest | null>(null)
  const [boardPage, setBoardPage] = useState(1)
  const standings = useLoad(() => (board ? call('console.referral/standings', { id: board.id, page: boardPage, page_size: STANDINGS_PAGE }) : Promise.resolve(null)), [board?.id, boardPage])
  const locked = editing !== null && editing !== 'new' && editing.state === 'on'

  const open = (c: ConsoleContest | 'new') => {
    setFormError(null)
    setEditing(c)
    form.setFieldsValue(
      c === 'new'
        ? { title: '', title_en: '', start: '', end: '', min_yuan: 0, prizes: [{ rank_from: 1, rank_to: 1, zh: '', en: '' }], reason: '' }
        : { title: c.title, title_en: c.title_en, start: minute(c.start_time), end: minute(c.end_time), min_yuan: c.min_amount / 100, prizes: c.prizes, reason: '' },
    )
  }

  const save = (f: ContestFields) =>
    write.run(async () => {
      setFormError(null)
      try {
        const { contest } = await call('console.referral/save', {
          id: editing !== 'new' && editing ? editing.id : undefined,
          title: f.title.trim(),
          title_en: f.title_en.trim(),
          start: f.start.trim(),
          end: f.end.trim(),
          min_amount: Math.round(f.min_yuan * 100),
          prizes: f.prizes.map((p) => ({ rank_from: p.rank_from, rank_to: p.rank_to, zh: p.zh.trim(), en: p.en.trim() })),
          reason: f.reason?.trim() || undefined,
        })
        message.success(t('contestSaved', { title: lang === 'en' ? contest.title_en : contest.title }))
        setEditing(null)
        index.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const end = (c: ConsoleContest) =>
    write.run(async () => {
      try {
        const { contest } = await call('console.referral/end', { id: c.id })
        message.success(t('contestEnded', { title: lang === 'en' ? contest.title_en : contest.title }))
        index.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })

  const titleOf = (c: ConsoleContest) => (lang === 'en' ? c.title_en : c.title)
  const prizeWords = (p: ContestPrize) => `${p.rank_from === p.rank_to ? t('prizeRank', { from: p.rank_from }) : t('prizeRanks', { from: p.rank_from, to: p.rank_to })}: ${lang === 'en' ? p.en : p.zh}`

  return (
    <section aria-labelledby="contests-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={2} id="contests-title" style={{ margin: 0, fontSize: 20 }}>
          {t('contestsTitle')}
        </Typography.Title>
        <Space>
          {index.data && <Typography.Text type="secondary">{t('fuelNow', { time: minute(index.data.now_text) })}</Typography.Text>}
          <Button type="primary" onClick={() => open('new')}>
            {t('newContest')}
          </Button>
        </Space>
      </Space>
      <Typography.Paragraph type="secondary">{t('contestsHelp')}</Typography.Paragraph>
      <LoadState loading={index.loading} error={index.error} reload={index.reload} hasData={index.data !== undefined} empty={index.data?.list.length === 0} emptyText={t('contestsEmpty')}>
        <Table<ConsoleContest>
          className="console-contests"
          rowKey="id"
          size="small"
          loading={index.loading}
          dataSource={index.data?.list ?? []}
          pagination={false}
          columns={[
            { title: t('contestName'), key: 'title', render: (_: unknown, c) => titleOf(c) },
            { title: t('contestPeriod'), key: 'period', render: (_: unknown, c) => `${minute(c.start_time)} – ${minute(c.end_time)}` },
            { title: t('contestState'), dataIndex: 'state', render: (state: ConsoleContest['state']) => <Tag color={state === 'on' ? 'red' : state === 'upcoming' ? 'blue' : undefined}>{t(`cstate_${state}` as MessageKey)}</Tag> },
            { title: t('minAmountShort'), dataIndex: 'min_amount', render: (fen: number) => yuan(fen) },
            {
              title: t('prizesLabel'),
              dataIndex: 'prizes',
              render: (prizes: ContestPrize[]) => (
                <Space direction="vertical" size={0}>
                  {prizes.map((p) => (
                    <span key={`${p.rank_from}-${p.rank_to}`}>{prizeWords(p)}</span>
                  ))}
                </Space>
              ),
            },
            { title: t('countedLabel'), key: 'counted', render: (_: unknown, c) => t('countedText', { counted: c.counted, referrers: c.referrers }) },
            {
              title: t('actions'),
              key: 'actions',
              render: (_: unknown, c) => (
                <Space wrap>
                  {c.state !== 'ended' && (
                    <Button size="small" onClick={() => open(c)} aria-label={t('editContest', { title: titleOf(c) })}>
                      {t('edit')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    onClick={() => {
                      setBoardPage(1)
                      setBoard(c)
                    }}
                    aria-label={t('standingsOf', { title: titleOf(c) })}
                  >
                    {t('standings')}
                  </Button>
                  {c.state === 'on' && (
                    <Popconfirm title={t('endContestConfirm', { title: titleOf(c) })} onConfirm={() => void end(c)} okText={t('endContest')} cancelText={t('cancel')}>
                      <Button size="small" danger loading={write.busy} aria-label={`${t('endContest')} ${titleOf(c)}`}>
                        {t('endContest')}
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
        title={editing === 'new' ? t('newContest') : editing ? t('editContest', { title: titleOf(editing) }) : ''}
        onCancel={() => setEditing(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-contest-form' }}
        width={720}
        forceRender
      >
        <Form<ContestFields> id="console-contest-form" form={form} layout="vertical" onFinish={save} disabled={write.busy} requiredMark={false}>
          {formError && editing !== null && <Typography.Paragraph type="danger" role="alert">{formError}</Typography.Paragraph>}
          {locked && <Alert type="info" showIcon message={t('contestLocked')} style={{ marginBottom: 16 }} />}
          <Space size="large" align="start" wrap>
            <Form.Item name="title" label={t('contestTitleZh')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('contestTitleZh') }) }]}>
              <Input maxLength={L.title} style={{ width: 300 }} />
            </Form.Item>
            <Form.Item name="title_en" label={t('contestTitleEn')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('contestTitleEn') }) }]}>
              <Input maxLength={L.title} style={{ width: 300 }} />
            </Form.Item>
          </Space>
          <Space size="large" align="start" wrap>
            <Form.Item name="start" label={t('contestStart')} rules={[{ required: true, pattern: STATED_TIME_PATTERN, message: t('timeFormatFull') }]}>
              <Input placeholder="YYYY-MM-DD HH:mm" maxLength={16} style={{ width: 190 }} disabled={locked} />
            </Form.Item>
            <Form.Item name="end" label={t('contestEnd')} rules={[{ required: true, pattern: STATED_TIME_PATTERN, message: t('timeFormatFull') }]}>
              <Input placeholder="YYYY-MM-DD HH:mm" maxLength={16} style={{ width: 190 }} />
            </Form.Item>
            <Form.Item name="min_yuan" label={t('minAmount')} rules={[{ required: true, type: 'number', min: L.min_amount[0] / 100, max: L.min_amount[1] / 100, message: t('minAmountFormat') }]}>
              <InputNumber min={L.min_amount[0] / 100} max={L.min_amount[1] / 100} precision={2} style={{ width: 150 }} disabled={locked} />
            </Form.Item>
          </Space>
          <Typography.Title level={3} style={{ fontSize: 14, marginTop: 0 }}>
            {t('prizesLabel')}
          </Typography.Title>
          <Form.List name="prizes" rules={[{ validator: (_, v: unknown[] | undefined) => (v && v.length > 0 ? Promise.resolve() : Promise.reject(new Error(t('prizeRequired')))) }]}>
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field, i) => (
                  <Space key={field.key} size="small" align="start" wrap className="console-prize">
                    <Form.Item name={[field.name, 'rank_from']} label={t('prizeFrom')} rules={[{ required: true, type: 'number', min: L.rank[0], max: L.rank[1], message: `${L.rank[0]}–${L.rank[1]}` }]}>
                      <InputNumber min={L.rank[0]} max={L.rank[1]} precision={0} style={{ width: 90 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'rank_to']} label={t('prizeTo')} rules={[{ required: true, type: 'number', min: L.rank[0], max: L.rank[1], message: `${L.rank[0]}–${L.rank[1]}` }]}>
                      <InputNumber min={L.rank[0]} max={L.rank[1]} precision={0} style={{ width: 90 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'zh']} label={t('prizeZh')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('prizeZh') }) }]}>
                      <Input maxLength={L.prize} style={{ width: 180 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'en']} label={t('prizeEn')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('prizeEn') }) }]}>
                      <Input maxLength={L.prize} style={{ width: 180 }} />
                    </Form.Item>
                    <Form.Item label=" ">
                      <Button onClick={() => remove(field.name)} aria-label={`${t('removePrize')} ${i + 1}`}>
                        {t('removePrize')}
                      </Button>
                    </Form.Item>
                  </Space>
                ))}
                {fields.length < L.prizes && (
                  <Button onClick={() => add({ rank_from: fields.length + 1, rank_to: fields.length + 1, zh: '', en: '' })} style={{ marginBottom: 16 }}>
                    {t('addPrize')}
                  </Button>
                )}
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal open={board !== null} title={board ? t('standingsOf', { title: titleOf(board) }) : ''} onCancel={() => setBoard(null)} footer={<Button onClick={() => setBoard(null)}>{t('close')}</Button>} width={640}>
        <LoadState loading={standings.loading} error={standings.error} reload={standings.reload} hasData={standings.data !== undefined && standings.data !== null} empty={standings.data?.total === 0} emptyText={t('standingsEmpty')}>
          <Table<ContestStanding>
            className="console-standings"
            rowKey="user_id"
            size="small"
            loading={standings.loading}
            dataSource={standings.data?.list ?? []}
            pagination={{ current: boardPage, pageSize: STANDINGS_PAGE, total: standings.data?.total, onChange: setBoardPage, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { title: t('rankLabel'), dataIndex: 'rank' },
              { title: t('nicknameLabel'), dataIndex: 'nickname', render: (name: string, r) => (r.hidden ? <Space>{name}<Tag>{t('hiddenName')}</Tag></Space> : name) },
              { title: t('userIdLabel'), dataIndex: 'user_id' },
              { title: t('countLabel'), dataIndex: 'count' },
            ]}
          />
        </LoadState>
      </Modal>
    </section>
  )
}
