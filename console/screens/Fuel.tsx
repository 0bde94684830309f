import { useState } from 'react'
import { App, Button, Form, Input, InputNumber, Modal, Popconfirm, Radio, Space, Table, Tabs, Typography } from 'antd'
import type { ConsoleFuelStation, FuelPendingChange } from '../../src/contract/console'
import { FUEL_PRICE_LIMITS as L, STATED_TIME_PATTERN } from '../../src/contract/consoleEndpoints'
import type { OilGrade } from '../../src/contract/fuelEndpoints'
import { call } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'
import { FuelStations } from './FuelStations'

/**
 * Fuel prices (issue 45; console.fuel/*): each station's grades with the price in force now and the changes to come;
 * a change from now or from a stated time (the business zone's wall clock, as the server reads it), a pending one
 * cancelled. Prices typed in yuan per litre, sent in fen. Beside it, a station's pumps and grades (./FuelStations.tsx).
 */

interface Row {
  key: string
  station: ConsoleFuelStation
  grade: string
  price: number | null
  pending: FuelPendingChange[]
}

interface ChangeFields {
  price_yuan: number
  when: 'now' | 'later'
  effective_at?: string
  reason?: string
}

const perLitre = (fen: number) => `¥${(fen / 100).toFixed(2)}`

export function Fuel() {
  const { t } = useConsole()
  const { message } = App.useApp()
  const index = useLoad(() => call('console.fuel/index', {}), [])
  const write = useSingleFlight()
  const [editing, setEditing] = useState<Row | null>(null)
  const [form] = Form.useForm<ChangeFields>()
  const when = Form.useWatch('when', form)
  const [formError, setFormError] = useState<string | null>(null)

  const rows: Row[] = (index.data?.stations ?? []).flatMap((station) => station.grades.map((g) => ({ key: `${station.id}-${g.grade}`, station, grade: g.grade, price: g.price, pending: g.pending })))

  const open = (row: Row) => {
    setFormError(null)
    setEditing(row)
    form.setFieldsValue({ price_yuan: row.price === null ? undefined : row.price / 100, when: 'now', effective_at: '', reason: '' })
  }

  const save = (f: ChangeFields) =>
    write.run(async () => {
      if (!editing) return
      setFormError(null)
      try {
        const { change } = await call('console.fuel/schedule', {
          shop_id: editing.station.id,
          grade: editing.grade as OilGrade,
          price: Math.round(f.price_yuan * 100),
          effective_at: f.when === 'later' ? f.effective_at?.trim() : undefined,
          reason: f.reason?.trim() || undefined,
        })
        const words = { station: editing.station.name, grade: editing.grade, price: (change.price / 100).toFixed(2), time: change.effective_at_text.slice(0, 16) }
        message.success(f.when === 'later' ? t('priceScheduled', words) : t('priceChanged', words))
        setEditing(null)
        index.reload()
      } catch (e) {
        setFormError((e as Error).message)
      }
    })

  const cancel = (id: number) =>
    write.run(async () => {
      try {
        await call('console.fuel/cancel', { id })
        message.success(t('changeCancelled'))
        index.reload()
      } catch (e) {
        message.error((e as Error).message)
      }
    })

  return (
    <section aria-labelledby="fuel-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={2} id="fuel-title" style={{ margin: 0, fontSize: 20 }}>
          {t('fuelTitle')}
        </Typography.Title>
        {index.data && <Typography.Text type="secondary">{t('fuelNow', { time: index.data.now_text.slice(0, 16) })}</Typography.Text>}
      </Space>
      <Tabs
        items={[
          {
            key: 'prices',
            label: t('fuelTabPrices'),
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('fuelHelp')}</Typography.Paragraph>
                <LoadState loading={index.loading} error={index.error} reload={index.reload} hasData={index.data !== undefined} empty={rows.length === 0} emptyText={t('fuelEmpty')}>
                  <Table<Row>
                    rowKey="key"
                    size="small"
                    loading={index.loading}
                    dataSource={rows}
                    pagination={false}
                    columns={[
                      {
                        title: t('shopName'),
                        key: 'station',
                        render: (_: unknown, r) => `${r.station.name} · ${r.station.brand}`,
                        onCell: (r, i) => ({ rowSpan: i !== undefined && i > 0 && rows[i - 1]?.station.id === r.station.id ? 0 : r.station.grades.length }),
                      },
                      { title: t('grade'), dataIndex: 'grade' },
                      { title: t('priceNow'), dataIndex: 'price', render: (fen: number | null) => <span className="console-fuel-price">{fen === null ? '—' : perLitre(fen)}</span> },
                      {
                        title: t('pendingChanges'),
                        dataIndex: 'pending',
                        render: (pending: FuelPendingChange[]) =>
                          pending.length === 0 ? (
                            <Typography.Text type="secondary">{t('noPending')}</Typography.Text>
                          ) : (
                            <Space direction="vertical" size={4}>
                              {pending.map((c) => (
                                <Space key={`${c.id ?? 'day'}-${c.effective_at}`} size="small">
                                  <span>
                                    {c.effective_at_text.slice(0, 16)} → {perLitre(c.price)}
                                  </span>
                                  {c.id === null ? (
                                    <Typography.Text type="secondary">({t('dayChange')})</Typography.Text>
                                  ) : (
                                    <Popconfirm title={t('cancelChangeConfirm')} onConfirm={() => void cancel(c.id as number)} okText={t('cancelChange')} cancelText={t('close')}>
                                      <Button size="small" type="link" danger loading={write.busy}>
                                        {t('cancelChange')}
                                      </Button>
                                    </Popconfirm>
                                  )}
                                </Space>
                              ))}
                            </Space>
                          ),
                      },
                      {
                        title: t('actions'),
                        key: 'actions',
                        render: (_: unknown, r) => (
                          <Button size="small" onClick={() => open(r)} aria-label={`${t('changePrice')} ${r.station.name} ${r.grade}`}>
                            {t('changePrice')}
                          </Button>
                        ),
                      },
                    ]}
                  />
                </LoadState>
              </>
            ),
          },
          {
            key: 'stations',
            label: t('fuelTabStations'),
            children: (
              <LoadState loading={index.loading} error={index.error} reload={index.reload} hasData={index.data !== undefined} empty={(index.data?.stations.length ?? 0) === 0} emptyText={t('fuelEmpty')}>
                <FuelStations stations={index.data?.stations ?? []} onChanged={index.reload} />
              </LoadState>
            ),
          },
        ]}
      />

      <Modal
        open={editing !== null}
        title={editing ? t('changePriceOf', { station: editing.station.name, grade: editing.grade }) : ''}
        onCancel={() => setEditing(null)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-fuel-form' }}
        forceRender
      >
        <Form<ChangeFields> id="console-fuel-form" form={form} layout="vertical" onFinish={save} disabled={write.busy} requiredMark={false}>
          {formError && <Typography.Paragraph type="danger" role="alert">{formError}</Typography.Paragraph>}
          <Form.Item name="price_yuan" label={t('newPrice')} rules={[{ required: true, type: 'number', min: L.price[0] / 100, max: L.price[1] / 100, message: t('fuelPriceFormat') }]}>
            <InputNumber min={L.price[0] / 100} max={L.price[1] / 100} precision={2} step={0.01} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="when" label={t('effective')}>
            <Radio.Group
              options={[
                { value: 'now', label: t('effectiveNow') },
                { value: 'later', label: t('effectiveLater') },
              ]}
            />
          </Form.Item>
          {when === 'later' && (
            <Form.Item name="effective_at" label={t('effectiveAt')} rules={[{ required: true, pattern: STATED_TIME_PATTERN, message: t('effectiveAtFormat') }]}>
              <Input placeholder="YYYY-MM-DD HH:mm" maxLength={16} style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item name="reason" label={t('reasonOptional')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  )
}
