import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { requestShopProfile } from '@/api/storeProfile'
import type { StoreProfileAnswer } from '@/contract/shopProfile'
import { dayProblem, dailyFromText, isCalendarDate, type OpeningPeriod, type WeekHours } from '@/contract/shopHours'
import { SHOP_PROFILE_LIMITS } from '@/contract/shopProfileEndpoints'
import { toastError, toastSuccess } from '@/core/feedback'
import { errorMessage, isRefusal } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import './store.css'
import './profile.css'

const DAYS = ['hours.day.0', 'hours.day.1', 'hours.day.2', 'hours.day.3', 'hours.day.4', 'hours.day.5', 'hours.day.6'] as const

interface Props {
  data: StoreProfileAnswer
  onChanged: (p: StoreProfileAnswer) => void
}

/** The week the editor starts from: the stored one, else the older text read as every day's, else 09:00–22:00. */
function startingWeek(data: StoreProfileAnswer): WeekHours {
  if (data.week) return data.week.map((d) => d.map((p) => ({ ...p })))
  const daily = dailyFromText(data.hours_text) ?? [{ open: '09:00', close: '22:00' }]
  return Array.from({ length: 7 }, () => daily.map((p) => ({ ...p })))
}

/**
 * Workbench → Shop profile → Opening hours (issue 44): each weekday open or closed, up to three periods (the gaps are
 * breaks; a closing time before the opening runs into the next day), and closed dates. Checked as typed by the same rule
 * the server applies (src/contract/shopHours.ts), each day's problem said beside it; saved in one write. Whether the shop
 * is open is the server's to say (its clock): shown as the answer says.
 */
export default function HoursEditor({ data, onChanged }: Props) {
  const t = useT()
  const owner = data.my_role === 'owner'
  const [week, setWeek] = useState<WeekHours>(() => startingWeek(data))
  const [dates, setDates] = useState<string[]>(data.closed_dates)
  const [newDate, setNewDate] = useState('')
  const [dateProblem, setDateProblem] = useState<string | null>(null)
  const [shown, setShown] = useState(false)
  const [serverProblem, setServerProblem] = useState<string | null>(null)

  const setDay = (d: number, periods: OpeningPeriod[]) => setWeek((w) => w.map((x, i) => (i === d ? periods : x)))
  const setTime = (d: number, i: number, field: 'open' | 'close', value: string) => setDay(d, week[d].map((p, j) => (j === i ? { ...p, [field]: value.trim() } : p)))
  const problems = week.map((d) => dayProblem(d))

  const addDate = () => {
    const d = newDate.trim()
    if (!isCalendarDate(d) || d < data.today.date) return setDateProblem(t('hours.err.date'))
    if (dates.includes(d)) return setDateProblem(t('hours.err.dateTwice'))
    if (dates.length >= SHOP_PROFILE_LIMITS.closedDates) return setDateProblem(t('hours.err.date'))
    setDates([...dates, d].sort())
    setNewDate('')
    setDateProblem(null)
  }

  const save = useAction(async () => {
    setShown(true)
    setServerProblem(null)
    if (problems.some((p) => p !== null)) return toastError(t('hours.err.fix'))
    try {
      const saved = await requestShopProfile('hui_shanghu.store_profile/hours', { week, closed_dates: dates })
      onChanged(saved)
      setDates(saved.closed_dates)
      toastSuccess(t('profile.saved'))
    } catch (e) {
      // What was typed stays; a date the server's clock finds past is said under the dates.
      if (isRefusal(e, 'shop_closed_date_invalid')) setDateProblem(errorMessage(e))
      else setServerProblem(errorMessage(e))
      toastError(errorMessage(e))
    }
  })

  return (
    <View className='store-order sp hours'>
      {!owner && <Text className='store-box sp-readonly'>{t('profile.ownerOnly')}</Text>}
      <View className='store-box sp-part'>
        <Text className='sp-part__title'>{t('hours.title')}</Text>
        <Text className='store-note'>{t('hours.hint')}</Text>
        {data.open_now && (
          <Text className='store-note hours__now'>{t('hours.openNow', { state: data.open_now.open ? t('hours.open') : t('hours.closed') })}</Text>
        )}
        {owner && (
          <Button className='btn-outline hours__copy' size='mini' onClick={() => setWeek((w) => w.map(() => w[0].map((p) => ({ ...p }))))}>
            {t('hours.copyToAll')}
          </Button>
        )}
      </View>
      {week.map((periods, d) => {
        const problem = shown || periods.some((p) => p.open.length >= 5 && p.close.length >= 5) ? problems[d] : null
        const dayId = `hours-day-${d}`
        return (
          <View key={d} className={`store-box hours-day hours-day--${d}${problem ? ' hours-day--bad' : ''}`} role='group' aria-labelledby={dayId}>
            <View className='hours-day__head'>
              <Text className='hours-day__name' id={dayId}>
                {t(DAYS[d])}
              </Text>
              <Text
                className={`hours-day__toggle${periods.length === 0 ? ' hours-day__toggle--closed' : ''}`}
                role='switch'
                aria-checked={periods.length > 0}
                aria-label={`${t(DAYS[d])} ${t('hours.open')}`}
                aria-disabled={!owner || undefined}
                tabIndex={owner ? 0 : -1}
                onClick={() => owner && setDay(d, periods.length > 0 ? [] : [{ open: '09:00', close: '22:00' }])}
              >
                {periods.length > 0 ? t('hours.open') : t('hours.closed')}
              </Text>
            </View>
            {periods.map((p, i) => (
              <View key={i} className='hours-period'>
                <Input className='sp-input hours-period__time hours-period__open' value={p.open} maxlength={5} disabled={!owner} placeholder='09:00' nativeProps={{ 'aria-label': `${t(DAYS[d])} ${i + 1} ${t('hours.from')}` }} onInput={(e) => setTime(d, i, 'open', e.detail.value)} />
                <Text className='hours-period__dash' aria-hidden='true'>
                  –
                </Text>
                <Input className='sp-input hours-period__time hours-period__close' value={p.close} maxlength={5} disabled={!owner} placeholder='22:00' nativeProps={{ 'aria-label': `${t(DAYS[d])} ${i + 1} ${t('hours.to')}` }} onInput={(e) => setTime(d, i, 'close', e.detail.value)} />
                {owner && (
                  <Text className='hours-period__remove' role='button' tabIndex={0} aria-label={`${t('hours.removePeriod')} ${t(DAYS[d])} ${i + 1}`} onClick={() => setDay(d, periods.filter((_, j) => j !== i))}>
                    ×
                  </Text>
                )}
              </View>
            ))}
            {owner && periods.length > 0 && periods.length < SHOP_PROFILE_LIMITS.periodsPerDay && (
              <Text className='hours-day__add' role='button' tabIndex={0} aria-label={`${t('hours.addPeriod')} ${t(DAYS[d])}`} onClick={() => setDay(d, [...periods, { open: '', close: '' }])}>
                + {t('hours.addPeriod')}
              </Text>
            )}
            {problem && (
              <Text className='sp-error hours-day__error' role='alert'>
                {t(`hours.err.${problem}`)}
              </Text>
            )}
          </View>
        )
      })}
      <View className='store-box sp-part hours-dates' role='region' aria-labelledby='hours-dates-title'>
        <Text className='sp-part__title' id='hours-dates-title'>
          {t('hours.dates')}
        </Text>
        <Text className='store-note'>{t('hours.datesHint')}</Text>
        <View role='list' className='hours-dates__list'>
          {dates.map((d) => (
            <View key={d} role='listitem' className='hours-date'>
              <Text className='hours-date__day'>{d}</Text>
              {owner && (
                <Text className='hours-date__remove' role='button' tabIndex={0} aria-label={t('hours.removeDate', { date: d })} onClick={() => setDates(dates.filter((x) => x !== d))}>
                  ×
                </Text>
              )}
            </View>
          ))}
        </View>
        {dates.length === 0 && <Text className='store-note hours-dates__none'>{t('hours.noDates')}</Text>}
        {owner && (
          <View className='hours-dates__add'>
            <Input className='sp-input hours-dates__input' value={newDate} maxlength={10} placeholder={t('hours.datePh')} nativeProps={{ 'aria-label': t('hours.dates') }} onInput={(e) => setNewDate(e.detail.value)} />
            <Button className='btn-outline hours-dates__add-btn' size='mini' onClick={addDate}>
              {t('hours.addDate')}
            </Button>
          </View>
        )}
        {dateProblem && (
          <Text className='sp-error hours-dates__error' role='alert'>
            {dateProblem}
          </Text>
        )}
      </View>
      {serverProblem && (
        <Text className='sp-error hours__error' role='alert'>
          {serverProblem}
        </Text>
      )}
      {owner && (
        <View className='sp-bar'>
          <Button className='btn-pill sp-save hours__save' loading={save.busy || undefined} disabled={save.busy || undefined} onClick={() => void save.run()}>
            {t('hours.save')}
          </Button>
        </View>
      )}
    </View>
  )
}
