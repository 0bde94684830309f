import Taro from '@tarojs/taro'
import { useEffect } from 'react'
import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { EmptyState } from '@/components/StateView'
import { useT } from '@/features/code/messages'
import { errorMessage, request } from '@/core/request'
import { getItem } from '@/core/storage'
import { scannedNumber, toInternalTarget } from '@/features/code/target'
import { useQuery } from '@/hooks/useQuery'
import { usePageParams } from '@/hooks/usePageParams'

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
      {target.error ? (
        <EmptyState
          title={t('code.unknown')}
          hint={target.error instanceof Error && target.error.message !== t('code.unknown') ? errorMessage(target.error) : t('code.unknownHint')}
          actionText={t('code.home')}
          onAction={() => void Taro.switchTab({ url: '/pages/index/index' })}
        />
      ) : (
        <Skeleton rows={1} label={t('code.resolving')} />
      )}
    </PageFrame>
  )
}
