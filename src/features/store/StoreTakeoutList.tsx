import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { isNoPermission, requestStoreTakeout, STORE_TAKEOUT_TABS, useStoreTakeoutPages, type StoreTakeoutTab } from '@/api/store'
import LoadState from '@/components/LoadState'
import Money from '@/components/Money'
import Tabs from '@/components/Tabs'
import { EmptyState, ListFooter } from '@/components/StateView'
import type { ApiRes } from '@/contract/schemas'
import { TAKEOUT_WATCH } from '@/contract/takeoutEndpoints'
import { askAgain } from '@/core/cache'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useLiveChanges } from '@/hooks/useLiveChanges'
import { routeUrl } from '@/routes'
import AcceptLeft from './AcceptLeft'
import NewOrderAlert from './NewOrderAlert'
import { linesSummary } from './OrderLines'
import NoPermission from './NoPermission'
import { wallTime } from './takeoutTime'
import './store.css'

/** How often the list asks for new orders while it shows when there is no live stream (the fallback: useLiveChanges). */
export const TAKEOUT_POLL_MS = 5000

type Row = ApiRes<'hui_shanghu.store_takeout/index'>['list'][number]

interface Props {
  tab: StoreTakeoutTab
  onTab: (tab: StoreTakeoutTab) => void
}

/**
 * The store's takeout orders: new (to accept), in progress, done; paged, pull to refresh. While it shows, a live stream
 * says when an order moved or arrived and the tab and the New tab's count are read again (polling the count every few
 * seconds where there is no stream, reloading the New tab when it changes).
 */
export default function StoreTakeoutList({ tab, onTab }: Props) {
  const t = useT()
  const list = useStoreTakeoutPages(tab)
  const [waiting, setWaiting] = useState<number | null>(null)
  const seen = useRef<string | null>(null)
  const listRef = useRef(list)
  listRef.current = list

  useReachBottom(() => void list.loadMore())
  usePullDownRefresh(() => {
    void list.refresh().finally(() => void Taro.stopPullDownRefresh())
  })

  // How many orders wait (the New tab's count); the New tab is read again when that changes.
  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])
  const poll = useCallback(() => {
    // Not staff (the screen says so): nothing to ask.
    if (isNoPermission(listRef.current.error)) return
    void askAgain(() => requestStoreTakeout('hui_shanghu.store_takeout/index', { todo: 'accept', page: 1, page_size: 1 })).then(
      (page) => {
        if (!alive.current) return
        setWaiting(page.total)
        const mark = `${page.total}:${page.list[0]?.info.id ?? ''}`
        if (seen.current !== null && seen.current !== mark && tab === 'accept') void listRef.current.refresh()
        seen.current = mark
      },
      () => undefined,
    )
  }, [tab])
  useEffect(poll, [poll])
  // Live while shown: a stream says when any of the store's takeout orders moved (or a new one was paid), and the
  // tab and the count are read again; polling the count where there is no stream (src/hooks/useLiveChanges.ts).
  useLiveChanges({
    path: TAKEOUT_WATCH.store,
    query: {},
    enabled: !isNoPermission(list.error),
    onSignal: (signal) => {
      if (signal.first) return
      // The tab is read again here; the count's read then only notes its mark.
      seen.current = null
      poll()
      void listRef.current.refresh()
    },
    poll,
    pollMs: TAKEOUT_POLL_MS,
  })

  if (isNoPermission(list.error)) return <NoPermission />
  return (
    <View>
      <View className='store-takeout__settings-link' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/store/takeoutSettings') })}>
        <Text className='store-takeout__settings-title'>{t('storeTakeout.settings')}</Text>
        <Text className='store-note'>{t('storeTakeout.settingsHint')}</Text>
      </View>
      <NewOrderAlert count={waiting} />
      <Tabs
        name='store-takeout-tabs'
        tabs={STORE_TAKEOUT_TABS.map((key) => ({
          key,
          label: key === 'accept' && waiting ? t('storeTakeout.tabCount', { label: t('storeTakeout.tab.accept'), n: waiting }) : t(`storeTakeout.tab.${key}`),
        }))}
        active={tab}
        onChange={onTab}
      />
      <LoadState loading={list.loading} error={list.items.length ? null : list.error} onRetry={() => void list.retry()}>
        {list.empty ? (
          <EmptyState title={t(`storeTakeout.empty.${tab}`)} hint={t('storeTakeout.emptyHint')} />
        ) : (
          <View>
            {list.items.map((row) => (
              <TakeoutCard key={row.info.id} row={row} />
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
      {tab === 'accept' && <Text className='store-note store-takeout__live'>{t('storeTakeout.live')}</Text>}
    </View>
  )
}

function TakeoutCard({ row }: { row: Row }) {
  const t = useT()
  const { info, takeout: v } = row
  const awaiting = v.stage === 'awaiting_accept'
  return (
    <View
      className={`store-box store-card store-takeout-card store-takeout-card--${v.stage}`}
      role='link'
      tabIndex={0}
      onClick={() => void Taro.navigateTo({ url: routeUrl('pages/store/takeoutOrder', { id: info.id }) })}
    >
      <View className='store-summary__head'>
        <Text className='store-summary__title'>
          {v.pickup_no ? `#${v.pickup_no} ` : ''}
          {t(`storeTakeout.mode.${v.mode}`)}
        </Text>
        <Text className={`store-summary__status store-takeout__stage store-takeout__stage--${v.stage}`}>{t(`storeTakeout.stage.${v.stage}`)}</Text>
      </View>
      {info.lines.length > 0 && <Text className='store-card__who store-takeout-card__dishes'>{linesSummary(info.lines, t)}</Text>}
      <View className='store-card__row'>
        <Text className='store-card__time'>{t(v.mode === 'pickup' ? 'storeTakeout.promisedPickup' : 'storeTakeout.promised', { time: wallTime(v.promised_at) })}</Text>
        <Money className='store-summary__amount' cents={info.pay_amount} />
      </View>
      {awaiting && (
        <View className='store-card__row store-takeout-card__accept'>
          {v.accept_by ? <AcceptLeft by={v.accept_by} /> : <Text />}
          <Text className='store-tag store-tag--accept'>{t('storeTakeout.tab.accept')}</Text>
        </View>
      )}
    </View>
  )
}
