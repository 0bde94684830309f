import type { ReactNode } from 'react'
import Skeleton from '@/components/Skeleton'
import { ErrorState } from '@/components/StateView'
import { useT } from '@/core/i18n'
import { errorMessage } from '@/core/request'

interface Props {
  loading: boolean
  error: unknown
  onRetry: () => void
  /** Rendered once loaded without error. */
  children: ReactNode
  rows?: number
}

/** Skeleton while loading, the error with a retry on failure, else the content. */
export default function LoadState({ loading, error, onRetry, children, rows }: Props) {
  const t = useT()
  if (error) return <ErrorState title={t('common.loadFailed')} message={errorMessage(error)} retryText={t('common.retry')} onRetry={onRetry} />
  if (loading) return <Skeleton rows={rows} label={t('common.loading')} />
  return <>{children}</>
}
