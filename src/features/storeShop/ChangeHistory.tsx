import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import type { useShopChanges } from '@/api/storeShop'
import LoadState from '@/components/LoadState'
import { EmptyState, ListFooter } from '@/components/StateView'
import type { ShopChange } from '@/contract/storeShop'
import { SHOP_CHANGE_MONEY_FIELDS } from '@/contract/storeShopEndpoints'
import { centsToYuan } from '@/core/format'
import { errorMessage } from '@/core/request'
import { useT, keys } from './messages'
import './shop.css'

type T = ReturnType<typeof useT>
type Value = ShopChange['fields'][number]['before']

const MONEY: readonly string[] = SHOP_CHANGE_MONEY_FIELDS
const known = (key: string) => (keys as readonly string[]).includes(key)

/** A field's value as the owner reads it: money in yuan, yes/no, km, unlimited, a photo as "a photo", a coupon's days in words. */
export function valueText(t: T, field: string, v: Value): string {
  if (v === null || v === '') return field === 'daily_stock' ? t('shop.unlimited') : '—'
  if (typeof v === 'boolean') return t(v ? 'shop.yes' : 'shop.no')
  if (typeof v === 'number' && MONEY.includes(field)) return `¥${centsToYuan(v)}`
  if (typeof v === 'number' && field === 'radius_m') return v === 0 ? t('shop.noLimit') : `${(v / 1000).toFixed(1)} km`
  if (field === 'image') return t('shop.aPhoto')
  if (field === 'use_at' && typeof v === 'string' && known(`shop.use.${v}`)) return t(`shop.use.${v}` as (typeof keys)[number])
  if (field === 'cap' && typeof v === 'string') return `¥${v}`
  // A coupon valid for a number of days from its claim: the server records 30d.
  if (field === 'valid' && typeof v === 'string' && /^\d+d$/.test(v)) return t('shop.validDaysValue', { n: parseInt(v, 10) })
  return String(v)
}

/**
 * The shop's change history (issue 44), newest first: when, who (nickname, masked phone, owner or staff), what was changed
 * and on what, and each field before → after. The owner's; paged, pull to refresh.
 */
export default function ChangeHistory({ list }: { list: ReturnType<typeof useShopChanges> }) {
  const t = useT()
  useReachBottom(() => void list.loadMore())
  usePullDownRefresh(() => {
    void list.refresh().finally(() => void Taro.stopPullDownRefresh())
  })
  return (
    <View className='shop-page shop-history'>
      <LoadState loading={list.loading} error={list.items.length ? null : list.error} onRetry={() => void list.retry()}>
        {list.empty ? (
          <EmptyState title={t('shop.historyEmpty')} hint={t('shop.historyEmptyHint')} />
        ) : (
          <View role='list'>
            {list.items.map((c) => (
              <ChangeRow key={c.id} change={c} />
            ))}
            <ListFooter
              loadingMore={list.loadingMore}
              hasMore={list.hasMore}
              loadingText={t('common.loadingMore')}
              endText={t('common.noMore')}
              failed={list.error && list.items.length > 0 ? { message: errorMessage(list.error), retryText: t('common.retry'), onRetry: () => void list.retry() } : undefined}
            />
          </View>
        )}
      </LoadState>
    </View>
  )
}

function ChangeRow({ change: c }: { change: ShopChange }) {
  const t = useT()
  const label = (field: string) => (known(`shop.field.${field}`) ? t(`shop.field.${field}` as (typeof keys)[number]) : field)
  return (
    <View className={`shop-box shop-change shop-change--${c.kind}`} role='listitem'>
      <View className='shop-box__head'>
        <Text className='shop-change__what'>
          {t(`shop.kind.${c.kind}`)}
          {c.subject ? ` · ${c.subject}` : ''}
        </Text>
        <Text className='shop-change__at'>{c.at.slice(5, 16)}</Text>
      </View>
      <Text className='shop-note shop-change__by'>{t('shop.changedBy', { name: c.by.nickname, phone: c.by.phone, role: t(c.by.role === 'owner' ? 'shop.owner' : 'shop.staff') })}</Text>
      {c.fields.map((f) => (
        <View key={f.field} className='shop-change__field'>
          <Text className='shop-change__label'>{label(f.field)}</Text>
          <Text className='shop-change__values'>
            {c.kind.endsWith('_added') || c.kind === 'coupon_issued' ? valueText(t, f.field, f.after) : c.kind.endsWith('_deleted') ? valueText(t, f.field, f.before) : `${valueText(t, f.field, f.before)} → ${valueText(t, f.field, f.after)}`}
          </Text>
        </View>
      ))}
    </View>
  )
}
