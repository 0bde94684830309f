import Taro from '@tarojs/taro'
import { useEffect } from 'react'
import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { EmptyState, ErrorState } from '@/components/StateView'
import { useT } from '@/features/code/messages'
import { errorMessage } from '@/core/request'
import { getItem } from '@/core/storage'
import { scannedNumber } from '@/features/code/target'
import { couldRetry, useCodeTarget } from '@/features/code/useCodeTarget'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Code page: a scanned `scene` / `qrCode` resolved by getUrlByNumber, then on to that page. */
export default function CodeIndexPage() {
  const t = useT()
  const params = usePageParams()
  const number = scannedNumber(params) ?? scannedNumber({ scene: getItem('scene') })
  const target = useCodeTarget(number, t('code.unknown'))

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
