import { Image, ScrollView, Text, View } from '@tarojs/components'
import RichIntro from '@/components/RichIntro'
import type { OpenNow, ShopProfileView } from '@/contract/shopProfile'
import { assetUrl } from '@/core/request'
import { useT } from './messages'

const hhmm = (at: string) => at.slice(11, 16)
const DAYS = ['shops.day.0', 'shops.day.1', 'shops.day.2', 'shops.day.3', 'shops.day.4', 'shops.day.5', 'shops.day.6'] as const

/** "Open now · closes 22:00", "Closed · opens tomorrow 09:00", "Closed today" — as the server's clock decided it. */
export function OpenState({ open, today }: { open: OpenNow; today: ShopProfileView['today'] }) {
  const t = useT()
  const dayOf = (at: string) => {
    const date = at.slice(0, 10)
    if (date === today.date) return t('shops.today')
    const next = new Date(`${today.date}T00:00:00Z`)
    next.setUTCDate(next.getUTCDate() + 1)
    if (next.toISOString().slice(0, 10) === date) return t('shops.tomorrow')
    // Another day of the coming week: its weekday.
    const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today.date}T00:00:00Z`)) / 86_400_000)
    return t(DAYS[(today.weekday + days) % 7])
  }
  const words = open.open
    ? `${t('shops.openNow')} · ${t('shops.closesAt', { time: hhmm(open.closes_at ?? '') })}`
    : `${open.closed_today ? t('shops.closedToday') : t('shops.closedNow')}${open.opens_at ? ` · ${t('shops.opensAt', { day: dayOf(open.opens_at), time: hhmm(open.opens_at) })}` : ''}`
  return <Text className={`shop-open shop-open--${open.open ? 'open' : 'closed'}`}>{words}</Text>
}

type T = ReturnType<typeof useT>
/** A day's periods as shown ("09:00–14:00  17:00–22:00", "18:00–02:00 (next day)"), or closed. */
const periodsText = (t: T, periods: readonly { open: string; close: string }[]) =>
  periods.length === 0 ? t('shops.closedDay') : periods.map((p) => `${p.open}–${p.close}${p.close <= p.open && p.close !== '24:00' ? ` (${t('shops.nextDay')})` : ''}`).join('  ')

/** Today's hours by the week the owner set (a closed date: closed); the older free text when there is no week. */
export function TodayHours({ profile, text }: { profile: ShopProfileView | null | undefined; text: string }) {
  const t = useT()
  if (!profile?.week) return <Text className='shop-head__hours'>{text}</Text>
  const today = profile.closed_dates.includes(profile.today.date) ? [] : profile.week[profile.today.weekday]
  // Closed all day: the open state beside it says so, and when it opens.
  if (today.length === 0 && profile.open_now) return null
  return <Text className='shop-head__hours'>{periodsText(t, today)}</Text>
}

/** The week's hours, today marked, and the coming closed dates. */
export function WeekHours({ profile }: { profile: ShopProfileView }) {
  const t = useT()
  if (!profile.week) return null
  return (
    <View className='shop-section shop-week'>
      <Text className='shop-section__title'>{t('shops.weekHours')}</Text>
      <View role='list'>
        {profile.week.map((periods, d) => (
          <View key={d} role='listitem' className={`shop-week__day${d === profile.today.weekday ? ' shop-week__day--today' : ''}`}>
            <Text className='shop-week__name'>{t(DAYS[d])}</Text>
            <Text className='shop-week__periods'>{periodsText(t, periods)}</Text>
          </View>
        ))}
      </View>
      {profile.closed_dates.length > 0 && <Text className='shop-week__dates'>{t('shops.closedDates', { dates: profile.closed_dates.join('、') })}</Text>}
    </View>
  )
}

/** The photos after the cover, side by side. */
export function PhotoStrip({ photos }: { photos: string[] }) {
  const t = useT()
  if (photos.length < 2) return null
  return (
    <View className='shop-section shop-photos'>
      <Text className='shop-section__title'>{t('shops.photos')}</Text>
      <ScrollView className='shop-photos__strip' scrollX enhanced showScrollbar={false}>
        {photos.map((src, i) => (
          <Image key={src} className='shop-photos__img' src={assetUrl(src)} mode='aspectFill' nativeProps={{ alt: t('shops.photo', { n: i + 1, total: photos.length }) }} />
        ))}
      </ScrollView>
    </View>
  )
}

/** The introduction (kept by the server's allow-list), shown alike on both targets. */
export function ShopIntro({ html }: { html: string }) {
  const t = useT()
  if (!html) return null
  return (
    <View className='shop-section shop-intro' role='region' aria-label={t('shops.intro')}>
      <Text className='shop-section__title'>{t('shops.intro')}</Text>
      <RichIntro html={html} className='shop-intro__body' />
    </View>
  )
}
