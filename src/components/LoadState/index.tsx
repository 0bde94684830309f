import type { ReactNode } from 'react'
import Skeleton from '@/components/Skeleton'
import Taro from '@tarojs/taro'
import LoginNeeded from '@/components/LoginNeeded'
import { EmptyState, ErrorState } from '@/components/StateView'
import { useT } from '@/core/i18n'
import { errorMessage } from '@/core/request'
import { routeUrl } from '@/routes'

interface Props {
  loading: boolean
  error: unknown
  onRetry: () => void
  /** Rendered once loaded without error. */
  children: ReactNode
  rows?: number
  /** The link names nothing (no or a bad id): say so and offer Home, instead of a retry that cannot help. */
  missing?: boolean
  /** Set while the shopper is anonymous on a screen that needs a login: where to come back after it. */
  loginTo?: string
}

/** Skeleton while loading, the error with a retry on failure, else the content. */
export default function LoadState({ loading, error, onRetry, children, rows, missing = false, loginTo }: Props) {
  const t = useT()
  if (missing) return <EmptyState title={t('common.notFound')} hint={t('common.notFoundHint')} actionText={t('common.backHome')} onAction={() => void Taro.switchTab({ url: routeUrl('pages/index/index') })} />
  if (loginTo) return <LoginNeeded returnTo={loginTo} />
  if (error) return <ErrorState title={t('common.loadFailed')} message={errorMessage(error)} retryText={t('common.retry')} onRetry={onRetry} />
  if (loading) return <Skeleton rows={rows} label={t('common.loading')} />
  return <>{children}</>
}
