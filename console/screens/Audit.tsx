import { useState } from 'react'
import { Button, Select, Space, Table, Tag, Typography } from 'antd'
import { CONSOLE_AREAS, type ConsoleArea } from '../../src/contract/consoleEndpoints'
import type { AuditRow } from '../../src/contract/console'
import { call } from '../request'
import { actionKey, targetWords, type MessageKey } from '../messages'
import { useConsole } from '../context'
import { useLoad } from '../useLoad'
import { LoadState } from './States'

const PAGE_SIZE = 20

const show = (value: unknown): string => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value))

/** Before and after side by side, one line per field; the fields that changed first and marked. */
function Diff({ row }: { row: AuditRow }) {
  const { t } = useConsole()
  const before = (row.before && typeof row.before === 'object' ? row.before : {}) as Record<string, unknown>
  const after = (row.after && typeof row.after === 'object' ? row.after : {}) as Record<string, unknown>
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  const lines = fields
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }))
    .map((line) => ({ ...line, changed: line.before !== line.after }))
    .sort((a, b) => Number(b.changed) - Number(a.changed))
  if (!lines.length) return <Typography.Text type="secondary">{t('noChange')}</Typography.Text>
  return (
    <table className="console-diff" style={{ borderCollapse: 'collapse', width: '100%' }}>
      <caption style={{ textAlign: 'start', fontWeight: 600, paddingBottom: 4 }}>{t('changes')}</caption>
      <thead>
        <tr>
          {[t('field'), t('before'), t('after')].map((h) => (
            <th key={h} scope="col" style={{ textAlign: 'start', padding: '4px 8px', borderBottom: '1px solid #e5e5e5' }}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.field} className={line.changed ? 'console-diff--changed' : undefined} style={{ background: line.changed ? '#fff7e6' : undefined }}>
            <th scope="row" style={{ textAlign: 'start', padding: '4px 8px', fontWeight: line.changed ? 600 : 400 }}>
              {line.field}
            </th>
            <td style={{ padding: '4px 8px', textDecoration: line.changed && line.before !== '—' ? 'line-through' : undefined }}>{line.before}</td>
            <td style={{ padding: '4px 8px', fontWeight: line.changed ? 600 : 400 }}>{line.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function Audit() {
  const { t, lang } = useConsole()
  const [page, setPage] = useState(1)
  const [area, setArea] = useState<ConsoleArea | undefined>(undefined)
  const [who, setWho] = useState<{ id: number; name: string } | null>(null)
  const list = useLoad(() => call('console.audit/index', { page, page_size: PAGE_SIZE, area, operator_id: who?.id }), [page, area, who?.id])

  return (
    <section aria-labelledby="audit-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={2} id="audit-title" style={{ margin: 0, fontSize: 20 }}>
          {t('auditTitle')}
        </Typography.Title>
        <Space>
          {who && (
            <Tag
              closable
              onClose={() => {
                setWho(null)
                setPage(1)
              }}
            >
              {t('operatorFilter', { name: who.name })}
            </Tag>
          )}
          <label htmlFor="console-audit-area">{t('area')}</label>
          <Select<ConsoleArea | 'all'>
            id="console-audit-area"
            style={{ width: 180 }}
            value={area ?? 'all'}
            onChange={(value) => {
              setArea(value === 'all' ? undefined : value)
              setPage(1)
            }}
            options={[{ value: 'all', label: t('allAreas') }, ...CONSOLE_AREAS.map((a) => ({ value: a, label: t(`area_${a}` as MessageKey) }))]}
          />
        </Space>
      </Space>
      <LoadState loading={list.loading} error={list.error} reload={list.reload} hasData={list.data !== undefined} empty={list.data?.total === 0} emptyText={t('auditEmpty')}>
        <Table<AuditRow>
          rowKey="id"
          loading={list.loading}
          dataSource={list.data?.list}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
          expandable={{ expandedRowRender: (row) => <Diff row={row} />, rowExpandable: (row) => row.before !== null || row.after !== null }}
          columns={[
            { title: t('when'), dataIndex: 'at_text', width: 180 },
            {
              title: t('who'),
              key: 'who',
              render: (_: unknown, row) => (
                <Space size={4}>
                  <span>
                    {row.operator_name} ({row.operator_username})
                  </span>
                  {who?.id !== row.operator_id && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => {
                        setWho({ id: row.operator_id, name: row.operator_name })
                        setPage(1)
                      }}
                    >
                      {t('onlyOperator')}
                    </Button>
                  )}
                </Space>
              ),
            },
            { title: t('action'), dataIndex: 'action', render: (action: AuditRow['action']) => t(actionKey(action)) },
            { title: t('target'), key: 'target', render: (_: unknown, row) => `${targetWords(lang, row.target_kind)}${row.target_id ? ` #${row.target_id}` : ''}` },
            { title: t('reason'), dataIndex: 'reason', render: (reason: string | null) => reason ?? '' },
          ]}
        />
      </LoadState>
    </section>
  )
}
