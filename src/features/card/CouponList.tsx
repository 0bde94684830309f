import { Button, Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { useState } from 'react'
import { claimCoupon, useClaimableCoupons, useMyCouponPages } from '@/api/coupons'
import { couponCapText, couponFace, minSpendText, t as couponT } from '@/components/CouponChoice/messages'
import LoadState from '@/components/LoadState'
import Tabs from '@/components/Tabs'
import { EmptyState, ListFooter } from '@/components/StateView'
import type { COUPON_TABS, UserCoupon } from '@/contract/member'
import { toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useT } from './messages'
import './coupons.css'
import { routeUrl } from '@/routes'

type Tab = (typeof COUPON_TABS)[number]
const TABS: Tab[] = ['available', 'used', 'expired']

/** Where a coupon can be used: its shop's Pay a bill, the card page, or the discount shops. */
function openCouponTarget(c: UserCoupon) {
  if (c.kind === 'card') void Taro.switchTab({ url: routeUrl('pages/card/index') })
  // A shop's takeout coupon (issue 44): its takeout menu.
  else if (c.kind === 'takeout' && c.shop_id) void Taro.navigateTo({ url: routeUrl('pages/takeout/detail', { id: c.shop_id }) })
  else if (c.shop_id) void Taro.navigateTo({ url: routeUrl('pages/payBill/index', { shop_id: c.shop_id }) })
  // A mall coupon is for the mall (flash sales take none).
  else if (c.kind === 'product') void Taro.navigateTo({ url: routeUrl('pages/vMall/index') })
  else void Taro.navigateTo({ url: routeUrl('pages/discountBill/index') })
}

/** A coupon's value and its threshold (the left part of every coupon face). */
function CouponAmount({ amount, minSpend, percentOff }: { amount: number; minSpend: number; percentOff?: number | null }) {
  // Re-rendered on a language switch: minSpendText reads the current language.
  useT()
  const cap = couponCapText({ amount, percent_off: percentOff })
  return (
    <View className='coupon__amount'>
      <Text className='coupon__value'>{couponFace({ amount, percent_off: percentOff })}</Text>
      {cap && <Text className='coupon__min'>{cap}</Text>}
      <Text className='coupon__min'>{minSpendText(minSpend)}</Text>
    </View>
  )
}

/** Value coupons: available / used / expired, paged; "use" goes where the coupon applies. */
export default function CouponList() {
  const t = useT()
  const [tab, setTab] = useState<Tab>('available')
  const list = useMyCouponPages(tab)
  useReachBottom(() => void list.loadMore())
  // Coupons not claimed yet, above the available ones: claimed here, they join the list at once.
  const claimable = useClaimableCoupons()
  const toClaim = (claimable.data?.list ?? []).filter((c) => !c.claimed)
  const claimShown = tab === 'available' && toClaim.length > 0
  // "No coupons here" only when the page has none at all: not below coupons to claim (issue 39), nor while they load.
  const nothingAtAll = list.empty && (tab !== 'available' || (!claimable.loading && toClaim.length === 0))
  usePullRefresh(() => Promise.all([list.refresh(), claimable.reload()]))
  const claim = useAction(async (couponId: number) => {
    try {
      await claimCoupon(couponId)
      // Both lists on show are read again by themselves (claimCoupon invalidates them: src/core/cache.ts).
      toastSuccess(t('coupons.claimed'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  return (
    <View>
      <Tabs name='coupon-tabs' tabs={TABS.map((key) => ({ key, label: t(`coupons.tab.${key}`) }))} active={tab} onChange={setTab} />
      {claimShown && (
        <View className='coupons coupons--to-claim'>
          <Text className='coupons__heading'>{t('coupons.toClaim')}</Text>
          {toClaim.map((c) => (
            <View key={c.id} className={`coupon coupon--to-claim coupon--claim-${c.id}`}>
              <CouponAmount amount={c.amount} minSpend={c.min_spend} percentOff={c.percent_off} />
              <View className='coupon__body'>
                <Text className='coupon__title'>{c.title}</Text>
              </View>
              <Button className='btn-pill btn-pill--small coupon__use coupon__claim' disabled={claim.busy || undefined} onClick={() => void claim.run(c.id)}>
                {t('coupons.claim')}
              </Button>
            </View>
          ))}
        </View>
      )}
      <LoadState loading={list.loading} error={list.items.length ? null : list.error} onRetry={() => void list.retry()}>
        {nothingAtAll ? (
          <EmptyState title={t('coupons.empty')} hint={t('coupons.emptyHint')} actionText={t('coupons.find')} onAction={() => void Taro.navigateTo({ url: routeUrl('pages/discountBill/index') })} />
        ) : list.empty ? null : (
          <View className='coupons'>
            {claimShown && <Text className='coupons__heading'>{t('coupons.mine')}</Text>}
            {list.items.map((c) => (
              <View key={c.id} className={`coupon coupon--${tab}`}>
                <CouponAmount amount={c.amount} minSpend={c.min_spend} percentOff={c.percent_off} />
                <View className='coupon__body'>
                  <Text className='coupon__title'>{c.title}</Text>
                  {c.starts_at && <Text className='coupon__until'>{couponT('coupon.from', { date: c.starts_at.slice(0, 10) })}</Text>}
                  <Text className='coupon__until'>{t('coupons.until', { date: c.expires_at.slice(0, 10) })}</Text>
                </View>
                {tab === 'available' && (
                  <Button className='btn-pill btn-pill--small coupon__use' disabled={c.status === 'locked' || undefined} onClick={() => openCouponTarget(c)}>
                    {c.status === 'locked' ? t('coupons.locked') : t('coupons.use')}
                  </Button>
                )}
              </View>
            ))}
            <ListFooter loadingMore={list.loadingMore} hasMore={list.hasMore} loadingText={t('common.loadingMore')} endText={t('common.noMore')} />
          </View>
        )}
      </LoadState>
    </View>
  )
}
