import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { cancelDiscountDayReminder, remindDiscountDay, useDiscountDay, type DiscountDayNear } from '@/api/discountDay'
import LoadState from '@/components/LoadState'
import LocationBar from '@/components/LocationBar'
import ShopRow from '@/components/ShopRow'
import { discountLabel } from '@/components/ShopRow/messages'
import Skeleton from '@/components/Skeleton'
import { EmptyState } from '@/components/StateView'
import type { DiscountDayAnswer, DiscountDayShop } from '@/contract/discountDay'
import type { SubscribeResult } from '@/contract/takeoutEndpoints'
import { toastInfo } from '@/core/feedback'
import { countdownText } from '@/core/format'
import { useLang } from '@/core/i18n'
import { requireLogin } from '@/core/session'
import { getItem } from '@/core/storage'
import { useCountdown } from '@/hooks/useCountdown'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { locator } from '@/platform/location'
import { subscribeMessages } from '@/platform/subscribe'
import type { LocateResult } from '@/platform/location.types'
import { routeUrl } from '@/routes'
import { monthWeeks } from './calendar'
import { monthName, useT } from './messages'
import './discountDay.css'

/**
 * Discount day (issue 26, PRODUCT §3): the next discount day counted down on the server's clock (or today's, when it
 * is one), a reminder, this month's days on a calendar, and the shops taking part near the shopper with their extra
 * discount — tap one to pay a bill there (the quote takes it off by itself), "details" for the shop.
 */
export default function DiscountDay() {
  const t = useT()
  const [located, setLocated] = useState<LocateResult | null>(null)
  const city = getItem('city')
  const locate = useCallback(() => {
    setLocated(null)
    void locator.locate().then(setLocated, () => setLocated({ failed: 'unavailable' }))
  }, [])
  useEffect(locate, [locate])
  const near: DiscountDayNear | null = located === null ? null : 'point' in located ? { point: located.point } : { cityId: city?.id }
  const q = useDiscountDay(near)
  usePullRefresh(() => (near === null ? Promise.resolve() : q.reload()))
  const allowLater = () =>
    void locator.allowLater().then((allowed) => {
      if (allowed) locate()
    })

  if (located === null) return <Skeleton rows={3} label={t('dday.locating')} />
  return (
    <View className='dday'>
      <LoadState loading={q.loading} error={q.error} onRetry={() => void q.reload()} rows={4}>
        {q.data && (
          <>
            <Headline data={q.data} onReminded={() => void q.reload()} />
            <Calendar data={q.data} />
            {'failed' in located && <LocationBar loc={{ state: 'failed', failed: located.failed }} onLocate={locate} onAllow={allowLater} />}
            <Shops data={q.data} />
          </>
        )}
      </LoadState>
    </View>
  )
}

/** "12月18日" / "December 18". */
function useDateText() {
  const t = useT()
  return (day: string) => t('dday.date', { month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)), monthName: monthName(day) })
}

function Headline({ data, onReminded }: { data: DiscountDayAnswer; onReminded: () => void }) {
  const t = useT()
  const dateText = useDateText()
  const lang = useLang()
  const left = useCountdown(data.next?.starts_at ?? null)
  const [asking, setAsking] = useState(false)
  const remind = () => {
    if (!data.next || !requireLogin(routeUrl('pages/discountsDay/index'))) return
    const day = data.next.day
    const template = data.remind_template
    // weapp: WeChat's consent, asked in the tap's own turn (refused after an await); elsewhere nothing to ask.
    const asked = template && subscribeMessages.supported ? subscribeMessages.ask([template]) : null
    setAsking(true)
    void (async () => {
      try {
        let answer: { result: SubscribeResult; template_id: string } | null = null
        if (asked && template) {
          const mine = (await asked).find((a) => a.template_id === template)
          if (!mine) return toastInfo(t('dday.remindFailed'))
          if (mine.result !== 'accept') return toastInfo(t('dday.remindDeclined'))
          answer = { result: mine.result, template_id: template }
        }
        const { reminded } = await remindDiscountDay(day, answer)
        toastInfo(reminded ? t('dday.remindDone') : t('dday.remindFailed'))
        onReminded()
      } catch {
        toastInfo(t('dday.remindFailed'))
      } finally {
        setAsking(false)
      }
    })()
  }
  const cancel = async () => {
    if (!data.next) return
    setAsking(true)
    try {
      await cancelDiscountDayReminder(data.next.day)
      toastInfo(t('dday.cancelDone'))
      onReminded()
    } catch {
      toastInfo(t('dday.cancelFailed'))
    } finally {
      setAsking(false)
    }
  }
  return (
    <View className='dday-head'>
      {data.is_discount_day ? (
        <>
          <Text className='dday-head__title' role='heading' aria-level={2}>
            {t('dday.todayTitle')}
          </Text>
          <Text className='dday-head__hint'>{t('dday.todayHint')}</Text>
        </>
      ) : (
        <Text className='dday-head__title' role='heading' aria-level={2}>
          {data.next ? t('dday.nextTitle', { date: dateText(data.next.day) }) : t('dday.noneNext')}
        </Text>
      )}
      {data.next && (
        <View className='dday-head__next'>
          {data.is_discount_day && <Text className='dday-head__label'>{t('dday.nextTitle', { date: dateText(data.next.day) })}</Text>}
          <View className='dday-head__clock' aria-live='off'>
            <Text className='dday-head__label'>{t('dday.startsIn')} </Text>
            <Text className='dday-head__time'>
              {countdownText(left, lang)}
            </Text>
          </View>
          {data.reminded ? (
            <View className='dday-head__reminder'>
              <Text className='dday-head__reminded'>✓ {t('dday.reminded')}</Text>
              <Button className='dday-head__cancel tap-slop' disabled={asking || undefined} loading={asking} onClick={() => void cancel()}>
                {t('dday.cancelRemind')}
              </Button>
            </View>
          ) : (
            // A configured template needs WeChat's consent, which only the mini-program can ask (issue 40: a browser's
            // "accept" would be a reminder WeChat never delivers); without one, the sandbox's stand-in takes any.
            data.can_remind && (subscribeMessages.supported || data.remind_template === null) && (
              <Button className='dday-head__remind tap-slop' disabled={asking || undefined} loading={asking} onClick={remind}>
                {t('dday.remind')}
              </Button>
            )
          )}
        </View>
      )}
      {data.members_only && !data.member && (
        <View className='dday-head__members'>
          <Text className='dday-head__members-text'>{t('dday.membersOnly')}</Text>
          <Text className='dday-head__card' role='link' tabIndex={0} onClick={() => void Taro.switchTab({ url: routeUrl('pages/card/index') })}>
            {t('dday.getCard')} ›
          </Text>
        </View>
      )}
    </View>
  )
}

/** This month, Monday first; discount days marked (a word for screen readers, a dot and colour for the eye). */
function Calendar({ data }: { data: DiscountDayAnswer }) {
  const t = useT()
  const marked = new Set(data.days)
  const year = Number(data.month.slice(0, 4))
  const month = Number(data.month.slice(5, 7))
  return (
    <View className='dday-cal'>
      <View className='dday-cal__head'>
        <Text className='dday-cal__title' role='heading' aria-level={2}>
          {t('dday.calendar')}
        </Text>
        <Text className='dday-cal__month'>{t('dday.month', { year, month, monthName: monthName(`${data.month}-01`) })}</Text>
      </View>
      <View className='dday-cal__week' aria-hidden='true'>
        {t('dday.week')
          .split(',')
          .map((w) => (
            <Text key={w} className='dday-cal__wd'>
              {w}
            </Text>
          ))}
      </View>
      {monthWeeks(data.month).map((week, i) => (
        <View key={i} className='dday-cal__row'>
          {week.map((cell, j) =>
            cell ? (
              <View key={cell.day} className={`dday-cal__cell${marked.has(cell.day) ? ' dday-cal__cell--on' : ''}${cell.day === data.today ? ' dday-cal__cell--today' : ''}`} data-day={cell.day}>
                <Text className='dday-cal__date'>{cell.date}</Text>
                {marked.has(cell.day) && <Text className='dday-cal__sr'>{` ${t('dday.marked')}`}</Text>}
                {cell.day === data.today && <Text className='dday-cal__sr'>{` ${t('dday.todayMark')}`}</Text>}
              </View>
            ) : (
              <View key={`empty-${j}`} className='dday-cal__cell dday-cal__cell--blank' />
            ),
          )}
        </View>
      ))}
      <View className='dday-cal__legend'>
        <View className='dday-cal__dot' aria-hidden='true' />
        <Text>{t('dday.legend')}</Text>
      </View>
    </View>
  )
}

function Shops({ data }: { data: DiscountDayAnswer }) {
  const t = useT()
  return (
    <View className='dday-shops'>
      <Text className='dday-shops__heading' role='heading' aria-level={2}>
        {data.is_discount_day ? t('dday.shopsToday') : t('dday.shopsComing')}
      </Text>
      {data.shops.length === 0 ? (
        <EmptyState title={t('dday.empty')} hint={t('dday.emptyHint')} actionText={t('dday.toBill')} onAction={() => void Taro.navigateTo({ url: routeUrl('pages/discountBill/index') })} />
      ) : (
        data.shops.map((s) => <ShopWithExtra key={s.id} shop={s} />)
      )}
    </View>
  )
}

function ShopWithExtra({ shop }: { shop: DiscountDayShop }) {
  const t = useT()
  const lang = useLang()
  return (
    <View className='dday-shop'>
      <ShopRow shop={shop} />
      <Text className='dday-shop__extra'>{t('dday.extra', { rate: discountLabel(shop.extra_rate, lang) })}</Text>
    </View>
  )
}
