import type { ReactNode } from 'react'
import { Alert, Button, Empty, Spin } from 'antd'
import { useWords } from '../context'

/**
 * A screen's three states before its content: loading (first answer not in), error (with retry) and empty. Once data
 * is in, `children` (a later load shows antd's own spinner on the table, keeping what is shown).
 */
export function LoadState({ loading, error, empty, emptyText, reload, hasData, children }: { loading: boolean; error: string | null; empty: boolean; emptyText: string; reload: () => void; hasData: boolean; children: ReactNode }) {
  const { t } = useWords()
  if (!hasData && loading)
    return (
      <div className="console-loading" style={{ padding: 48, textAlign: 'center' }}>
        <Spin tip={t('loading')}>
          <div style={{ height: 60 }} />
        </Spin>
      </div>
    )
  if (!hasData && error)
    return (
      <Alert
        className="console-load-error"
        type="error"
        showIcon
        message={t('loadFailed')}
        description={error}
        action={
          <Button onClick={reload} danger>
            {t('retry')}
          </Button>
        }
      />
    )
  if (empty && !loading) return <Empty className="console-empty" description={emptyText} />
  return <>{children}</>
}
