import Taro from '@tarojs/taro'
import { useEffect } from 'react'
import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { EmptyState, ErrorState } from '@/components/StateView'
import { useT } from '@/features/code/messages'
import { ApiError, errorMessage, request } from '@/core/request'
import { getItem } from '@/core/storage'
import { scannedNumber, toInternalTarget } from '@/features/code/target'
import { useQuery } from '@/hooks/useQuery'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** The code could not be looked up (no network, server trouble): trying again can help, unlike a code the server does not know. */
function couldRetry(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'http')
}

/** Code page: a scanned `scene` / `qrCode` resolved by getUrlByNumber, then on to that page. */
export default function CodeIndexPage() {
  const t = useT()
  const params = usePageParams()
  const number = scannedNumber(params) ?? scannedNumber({ scene: getItem('scene') })
  const target = useQuery(async () => {
    if (!number) throw new Error(t('code.unknown'))
    const { url } = await request('index/getUrlByNumber', { number })
    const internal = toInternalTarget(url)
    if (!internal) throw new Error(t('code.unknown'))
    return internal
  }, [number])

  useEffect(() => {
    const to = target.data
    if (!to) return
    if (to.tab) void Taro.switchTab({ url: to.url })
    else void Taro.redirectTo({ url: to.url })
  }, [target.data])

  return (
    <PageFrame route='pages/code/index'>
      {target.error && couldRetry(target.error) ? (
        <ErrorState title={t('common.loadFailed')} message={errorMessage(target.error)} retryText={t('common.retry')} onRetry={() => void target.reload()} />
      ) : target.error ? (
        <EmptyState
          title={t('code.unknown')}
          hint={t('code.unknownHint')}
          actionText={t('code.home')}
          onAction={() => void Taro.switchTab({ url: routeUrl('pages/index/index') })}
        />
      ) : (
        <Skeleton rows={1} label={t('code.resolving')} />
      )}
    </PageFrame>
  )
}
