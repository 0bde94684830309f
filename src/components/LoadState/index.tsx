import type { ReactNode } from 'react'
import Skeleton from '@/components/Skeleton'
import Taro from '@tarojs/taro'
import { EmptyState, ErrorState } from '@/components/StateView'
import { useT } from '@/core/i18n'
import { errorMessage } from '@/core/request'

interface Props {
  loading: boolean
  error: unknown
  onRetry: () => void
  /** Rendered once loaded without error. */
  children: ReactNode
  rows?: number
  /** The link names nothing (no or a bad id): say so and offer Home, instead of a retry that cannot help. */
  missing?: boolean
}

/** Skeleton while loading, the error with a retry on failure, else the content. */
export default function LoadState({ loading, error, onRetry, children, rows, missing = false }: Props) {
  const t = useT()
  if (missing) return <EmptyState title={t('common.notFound')} hint={t('common.notFoundHint')} actionText={t('common.backHome')} onAction={() => void Taro.switchTab({ url: '/pages/index/index' })} />
  if (error) return <ErrorState title={t('common.loadFailed')} message={errorMessage(error)} retryText={t('common.retry')} onRetry={onRetry} />
  if (loading) return <Skeleton rows={rows} label={t('common.loading')} />
  return <>{children}</>
}
