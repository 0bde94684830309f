import { useEffect, useState } from 'react'
import { App, Button, Form, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd'
import type { ConsoleFuelStationDetail } from '../../src/contract/console'
import { FUEL_PRICE_LIMITS as L, FUEL_PUMP_LIMITS as P } from '../../src/contract/consoleEndpoints'
import { OIL_GRADES, type OilGrade } from '../../src/contract/fuelEndpoints'
import { call } from '../request'
import { useConsole } from '../context'
import { useLoad, useSingleFlight } from '../useLoad'
import { LoadState } from './States'

/**
 * A fuel station's details (issue 45, f45-fuel; console.fuel/station and its writes): the brand, the pumps (add one,
 * remove one no unpaid order names) and the grades in the shoppers' order (add one with its first price, move one,
 * switch one off or on). Which shops are stations is the merchant sign-up's; the station is chosen from the price list's.
 */

type Grade = ConsoleFuelStationDetail['grades'][number]

interface GradeFields {
  grade: OilGrade
  price_yuan: number
}

const perLitre = (fen: number) => `¥${(fen / 100).toFixed(2)}`

export function FuelStations({ stations, onChanged }: { stations: ReadonlyArray<{ id: number; name: string }>; onChanged: () => void }) {
  const { t } = useConsole()
  const { message } = App.useApp()
  const [shopId, setShopId] = useState<number | null>(stations[0]?.id ?? null)
  useEffect(() => {
    if (shopId === null && stations[0]) setShopId(stations[0].id)
  }, [stations, shopId])
  const detail = useLoad(() => (shopId === null ? Promise.resolve(undefined) : call('console.fuel/station', { shop_id: shopId }).then((a) => a.station)), [shopId])
  const [station, setStation] = useState<ConsoleFuelStationDetail | undefined>(undefined)
  useEffect(() => setStation(detail.data), [detail.data])
  const write = useSingleFlight()
  const [adding, setAdding] = useState(false)
  const [pumpNo, setPumpNo] = useState<number | null>(null)
  const [form] = Form.useForm<GradeFields>()
  const [formError, setFormError] = useState<string | null>(null)

  /** One write: the answer is the station as it now stands; the price list is read again too. */
  const act = (work: () => Promise<{ station: ConsoleFuelStationDetail }>, done: string, onError?: (words: string) => void) =>
    write.run(async () => {
      try {
        const answer = await work()
        setStation(answer.station)
        message.success(done)
        onChanged()
      } catch (e) {
        const words = (e as Error).message
        if (onError) onError(words)
        else message.error(words)
      }
    })

  const missing = OIL_GRADES.filter((g) => !station?.grades.some((s) => s.grade === g))

  const openAdd = () => {
    setFormError(null)
    form.setFieldsValue({ grade: missing[0], price_yuan: undefined })
    setAdding(true)
  }

  const addGrade = (f: GradeFields) =>
    station &&
    act(
      async () => {
        setFormError(null)
        const answer = await call('console.fuel/addGrade', { shop_id: station.id, grade: f.grade, price: Math.round(f.price_yuan * 100) })
        setAdding(false)
        return answer
      },
      t('gradeAdded', { station: station.name, grade: f.grade, price: f.price_yuan.toFixed(2) }),
      setFormError,
    )

  const move = (index: number, by: -1 | 1) => {
    if (!station) return
    const order = station.grades.map((g) => g.grade as OilGrade)
    const [moved] = order.splice(index, 1)
    order.splice(index + by, 0, moved)
    void act(() => call('console.fuel/orderGrades', { shop_id: station.id, grades: order }), t('gradesOrdered'))
  }

  const setOffered = (g: Grade, offered: boolean) =>
    station && act(() => call('console.fuel/setGradeOffered', { shop_id: station.id, grade: g.grade as OilGrade, offered }), t(offered ? 'gradeSwitchedOn' : 'gradeSwitchedOff', { grade: g.grade }))

  const addPump = () =>
    station &&
    pumpNo !== null &&
    act(async () => {
      const answer = await call('console.fuel/addPump', { shop_id: station.id, pump_no: pumpNo })
      setPumpNo(null)
      return answer
    }, t('pumpAdded', { pump: pumpNo }))

  const removePump = (n: number) => station && act(() => call('console.fuel/removePump', { shop_id: station.id, pump_no: n }), t('pumpRemoved', { pump: n }))

  return (
    <div>
      <Space style={{ marginBottom: 12 }} wrap>
        <label htmlFor="console-fuel-station">{t('station')}</label>
        <Select
          id="console-fuel-station"
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 280 }}
          value={shopId ?? undefined}
          onChange={(v: number) => setShopId(v)}
          options={stations.map((s) => ({ value: s.id, label: s.name }))}
        />
      </Space>
      <LoadState loading={detail.loading} error={detail.error} reload={detail.reload} hasData={station !== undefined} empty={stations.length === 0} emptyText={t('fuelEmpty')}>
        {station && (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Typography.Paragraph style={{ margin: 0 }}>
              {t('brand')}: <strong>{station.brand}</strong>
            </Typography.Paragraph>

            <section aria-labelledby="fuel-pumps-title">
              <Typography.Title level={3} id="fuel-pumps-title" style={{ fontSize: 16 }}>
                {t('pumps')}
              </Typography.Title>
              {station.pumps.length === 0 ? (
                <Typography.Paragraph type="secondary">{t('noPumps')}</Typography.Paragraph>
              ) : (
                <Space wrap style={{ marginBottom: 8 }}>
                  {station.pumps.map((n) => (
                    <Tag key={n} style={{ fontSize: 14, padding: '4px 4px 4px 10px' }}>
                      {t('pumpNo', { pump: n })}
                      <Popconfirm title={t('removePumpConfirm', { pump: n })} onConfirm={() => void removePump(n)} okText={t('removePump')} cancelText={t('close')}>
                        <Button size="small" type="link" danger loading={write.busy} aria-label={t('removePumpNo', { pump: n })}>
                          {t('removePump')}
                        </Button>
                      </Popconfirm>
                    </Tag>
                  ))}
                </Space>
              )}
              <Space>
                <InputNumber
                  aria-label={t('newPumpNo')}
                  placeholder={t('newPumpNo')}
                  min={P.pump_no[0]}
                  max={P.pump_no[1]}
                  precision={0}
                  value={pumpNo}
                  onChange={(v) => setPumpNo(typeof v === 'number' ? v : null)}
                  style={{ width: 140 }}
                />
                <Button onClick={() => void addPump()} disabled={pumpNo === null} loading={write.busy}>
                  {t('addPump')}
                </Button>
              </Space>
            </section>

            <section aria-labelledby="fuel-grades-title">
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <Typography.Title level={3} id="fuel-grades-title" style={{ fontSize: 16, margin: 0 }}>
                  {t('grades')}
                </Typography.Title>
                <Button type="primary" onClick={openAdd} disabled={missing.length === 0}>
                  {t('addGrade')}
                </Button>
              </Space>
              <Table<Grade>
                rowKey="grade"
                size="small"
                style={{ marginTop: 8 }}
                dataSource={station.grades}
                pagination={false}
                locale={{ emptyText: t('noGrades') }}
                columns={[
                  { title: t('grade'), dataIndex: 'grade' },
                  { title: t('priceNow'), dataIndex: 'price', render: (fen: number | null) => (fen === null ? '—' : perLitre(fen)) },
                  { title: t('status'), dataIndex: 'offered', render: (offered: boolean) => (offered ? <Typography.Text>{t('gradeOffered')}</Typography.Text> : <Typography.Text type="secondary">{t('gradeOff')}</Typography.Text>) },
                  {
                    title: t('actions'),
                    key: 'actions',
                    render: (_: unknown, g, i) => (
                      <Space size="small">
                        <Button size="small" onClick={() => move(i, -1)} disabled={i === 0} loading={write.busy} aria-label={t('moveUpOf', { title: g.grade })}>
                          {t('moveUp')}
                        </Button>
                        <Button size="small" onClick={() => move(i, 1)} disabled={i === station.grades.length - 1} loading={write.busy} aria-label={t('moveDownOf', { title: g.grade })}>
                          {t('moveDown')}
                        </Button>
                        {g.offered ? (
                          <Popconfirm title={t('switchOffConfirm', { grade: g.grade })} onConfirm={() => void setOffered(g, false)} okText={t('switchOff')} cancelText={t('close')}>
                            <Button size="small" danger loading={write.busy} aria-label={t('switchOffGrade', { grade: g.grade })}>
                              {t('switchOff')}
                            </Button>
                          </Popconfirm>
                        ) : (
                          <Button size="small" onClick={() => void setOffered(g, true)} loading={write.busy} aria-label={t('switchOnGrade', { grade: g.grade })}>
                            {t('switchOn')}
                          </Button>
                        )}
                      </Space>
                    ),
                  },
                ]}
              />
            </section>
          </Space>
        )}
      </LoadState>

      <Modal
        open={adding}
        title={station ? t('addGradeTo', { station: station.name }) : ''}
        onCancel={() => setAdding(false)}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: write.busy, htmlType: 'submit', form: 'console-fuel-grade-form' }}
        forceRender
      >
        <Form<GradeFields> id="console-fuel-grade-form" name="fuelGrade" form={form} layout="vertical" onFinish={(f) => void addGrade(f)} disabled={write.busy} requiredMark={false}>
          {formError && (
            <Typography.Paragraph type="danger" role="alert">
              {formError}
            </Typography.Paragraph>
          )}
          <Form.Item name="grade" label={t('grade')}>
            <Select options={missing.map((g) => ({ value: g, label: g }))} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="price_yuan" label={t('firstPrice')} extra={t('firstPriceHelp')} rules={[{ required: true, type: 'number', min: L.price[0] / 100, max: L.price[1] / 100, message: t('fuelPriceFormat') }]}>
            <InputNumber min={L.price[0] / 100} max={L.price[1] / 100} precision={2} step={0.01} style={{ width: 160 }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  )
}
