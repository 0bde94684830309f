import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useState } from 'react'
import { useBusinessClasses } from '@/api/businessClasses'
import { useShopPages } from '@/api/shops'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { EmptyState, ListFooter } from '@/components/StateView'
import { getItem } from '@/core/storage'
import ShopRow from '@/components/ShopRow'
import { useT } from '@/features/shops/messages'
import '@/features/shops/shops.css'

/** Discount bill: shops that take discounted bill payment, by business class (and the chosen city). */
export default function DiscountBillIndexPage() {
  const t = useT()
  const [classId, setClassId] = useState<number | undefined>()
  const cityId = getItem('city')?.id
  const classes = useBusinessClasses()
  const shops = useShopPages({ class_id: classId, city_id: cityId })
  useReachBottom(() => void shops.loadMore())
  usePullDownRefresh(() => void shops.refresh().finally(() => void Taro.stopPullDownRefresh()))

  return (
    <PageFrame route='pages/discountBill/index'>
      <View className='chips'>
        <Text className={`chips__chip${classId === undefined ? ' chips__chip--active' : ''}`} role='button' tabIndex={0} aria-pressed={classId === undefined} onClick={() => setClassId(undefined)}>
          {t('shops.all')}
        </Text>
        {(classes.data?.list ?? [])
          .filter((c) => c.name !== '加油站')
          .map((c) => (
            <Text key={c.id} className={`chips__chip chips__chip--${c.id}${classId === c.id ? ' chips__chip--active' : ''}`} role='button' tabIndex={0} aria-pressed={classId === c.id} onClick={() => setClassId(c.id)}>
              {c.name}
            </Text>
          ))}
      </View>
      <LoadState loading={shops.loading} error={shops.items.length ? null : shops.error} onRetry={() => void shops.retry()}>
        {shops.empty ? (
          <EmptyState title={t('shops.empty')} hint={t('shops.emptyHint')} actionText={t('shops.all')} onAction={() => setClassId(undefined)} />
        ) : (
          <View>
            {shops.items.map((s) => (
              <ShopRow key={s.id} shop={s} />
            ))}
            <ListFooter loadingMore={shops.loadingMore} hasMore={shops.hasMore} loadingText={t('common.loadingMore')} endText={t('common.noMore')} />
          </View>
        )}
      </LoadState>
    </PageFrame>
  )
}
