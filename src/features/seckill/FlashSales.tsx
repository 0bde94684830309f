import { Image, Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { useState } from 'react'
import { useFlashSessionPages } from '@/api/seckill'
import Money from '@/components/Money'
import SideScroll from '@/components/SideScroll'
import Skeleton from '@/components/Skeleton'
import { EmptyState, ErrorState, ListFooter } from '@/components/StateView'
import type { SeckillProduct, SeckillSession } from '@/contract/seckill'
import { businessToday, serverNow } from '@/core/clock'
import { centsToYuan } from '@/core/format'
import { assetUrl, errorMessage } from '@/core/request'
import { useCountdown } from '@/hooks/useCountdown'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { imageLoading } from '@/platform/imageLoading'
import { routeUrl } from '@/routes'
import { useT } from './messages'
import { clockOf, countdownTarget, hms, phaseAt, soldPercent, type Phase } from './phase'
import './seckill.css'

/** The session shown when the shopper has not picked one: the server's choice (on now, else the next). */
const defaultSession = (sessions: SeckillSession[]) => sessions.find((s) => s.state === 'on') ?? sessions.find((s) => s.state === 'upcoming') ?? sessions[0]

/** Flash sales: today's sessions as tabs, the chosen session's products, more as the shopper scrolls. */
export default function FlashSales() {
  const t = useT()
  const [chosen, setChosen] = useState<number | null>(null)
  const list = useFlashSessionPages(chosen)
  useReachBottom(() => void list.loadMore())
  usePullRefresh(list.refresh)
  const sessions = list.sessions ?? []
  const active = sessions.find((s) => s.id === chosen) ?? defaultSession(sessions)

  if (list.error && list.items.length === 0)
    return <ErrorState title={t('common.loadFailed')} message={errorMessage(list.error)} retryText={t('common.retry')} onRetry={() => void list.retry()} />
  return (
    <View className='flash'>
      {sessions.length > 0 && <SessionTabs sessions={sessions} activeId={active?.id} onChoose={setChosen} />}
      {active && <SessionClock session={active} />}
      {list.loading ? (
        <Skeleton rows={3} label={t('common.loading')} />
      ) : list.empty ? (
        <EmptyState title={t('flash.empty')} hint={t('flash.emptyHint')} />
      ) : (
        <View className='flash__list'>
          {list.items.map((p) => (
            <FlashCard key={p.id} product={p} />
          ))}
          <ListFooter
            loadingMore={list.loadingMore}
            hasMore={list.hasMore}
            loadingText={t('common.loadingMore')}
            endText={t('common.noMore')}
            failed={list.error ? { message: errorMessage(list.error), retryText: t('common.retry'), onRetry: () => void list.retry() } : undefined}
          />
        </View>
      )}
    </View>
  )
}

function SessionTabs({ sessions, activeId, onChoose }: { sessions: SeckillSession[]; activeId: number | undefined; onChoose: (id: number) => void }) {
  const t = useT()
  const today = businessToday()
  return (
    <SideScroll className='flash-sessions'>
      <View className='flash-sessions__row' role='tablist' aria-label={t('flash.sessions')}>
        {sessions.map((s) => {
          const on = s.id === activeId
          const later = s.start_time.slice(0, 10) > today
          return (
            <View
              key={s.id}
              className={`flash-sessions__tab flash-sessions__tab--${s.state}${on ? ' flash-sessions__tab--active' : ''}`}
              role='tab'
              tabIndex={0}
              aria-selected={on}
              onClick={() => onChoose(s.id)}
            >
              <Text className='flash-sessions__time'>{clockOf(s.start_time)}</Text>
              <Text className='flash-sessions__state'>{later && s.state === 'upcoming' ? t('flash.tomorrow') : t(`flash.state.${s.state}`)}</Text>
            </View>
          )
        })}
      </View>
    </SideScroll>
  )
}

/** The chosen session's countdown, on the server's clock. */
function SessionClock({ session }: { session: SeckillSession }) {
  const t = useT()
  const phase = phaseAt(session, serverNow())
  const left = useCountdown(countdownTarget(session, phase))
  return (
    <View className='flash__clock' aria-live='off'>
      <Text className='flash__clock-label'>{phase === 'ended' ? t('flash.sessionOver') : t(phase === 'upcoming' ? 'flash.sessionStarts' : 'flash.sessionEnds')}</Text>
      {phase !== 'ended' && <Text className='flash__clock-time'>{hms(left)}</Text>}
    </View>
  )
}

const ACTION: Record<Phase, 'flash.go' | 'flash.soon' | 'flash.soldOut' | 'flash.ended'> = { on: 'flash.go', upcoming: 'flash.soon', soldOut: 'flash.soldOut', ended: 'flash.ended' }

function FlashCard({ product: p }: { product: SeckillProduct }) {
  const t = useT()
  const phase = phaseAt(p, serverNow())
  const left = useCountdown(countdownTarget(p, phase))
  const percent = soldPercent(p)
  const open = () => void Taro.navigateTo({ url: routeUrl('pages/seckill/detail', { id: p.id }) })
  return (
    <View className={`flash-card flash-card--${phase}`} role='link' tabIndex={0} onClick={open}>
      {/* Its name is the text beside it: the picture is decorative. */}
      <Image className='flash-card__img' src={assetUrl(p.image)} mode='aspectFill' lazyLoad={imageLoading.lazy} nativeProps={{ alt: '' }} />
      <View className='flash-card__body'>
        <Text className='flash-card__name'>{p.name}</Text>
        <View className='flash-card__progress'>
          <View className='flash-bar' aria-hidden='true'>
            <View className='flash-bar__fill' style={{ width: `${percent}%` }} />
          </View>
          <Text className='flash-card__sold'>{t('flash.soldPercent', { percent })}</Text>
        </View>
        {phase !== 'ended' && <Text className='flash-card__countdown'>{t(phase === 'upcoming' ? 'flash.startsIn' : 'flash.endsIn', { time: hms(left) })}</Text>}
        <View className='flash-card__foot'>
          <View className='flash-card__prices'>
            <Money className='flash-card__price' cents={p.price} />
            <Text className='flash-card__original'>{t('flash.original', { price: `¥${centsToYuan(p.original_price)}` })}</Text>
          </View>
          <Text className={`flash-card__action flash-card__action--${phase}`}>{t(ACTION[phase])}</Text>
        </View>
      </View>
    </View>
  )
}
