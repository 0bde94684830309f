import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import FormSheet from '@/components/FormSheet'
import { businessToday } from '@/core/clock'
import { useT } from './messages'
import './takeout.css'

/** A day of slots: its date ("YYYY-MM-DD") and its times ("HH:mm"), in order. */
export interface SlotDay {
  date: string
  times: string[]
}

/** The shop's slots ("YYYY-MM-DD HH:mm") by business day, each day's times in order. */
export function slotDays(slots: readonly string[]): SlotDay[] {
  const days: SlotDay[] = []
  for (const s of slots) {
    const [date, time] = s.split(' ')
    const day = days[days.length - 1]?.date === date ? days[days.length - 1] : (days.push({ date, times: [] }), days[days.length - 1])
    day.times.push(time)
  }
  return days
}

const DAY = 86_400_000
/** Days after today (on the server's business clock) of a date: 0 today, 1 tomorrow … */
const daysAfterToday = (date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${businessToday()}T00:00:00Z`)) / DAY)

interface Props {
  title: string
  slots: readonly string[]
  /** "As soon as possible (about 12:31)" when the shop is open: first, on today's list; null when closed. */
  asap: string | null
  /** The chosen slot, or null for as soon as possible. */
  chosen: string | null
  onPick: (slot: string | null) => void
  onClose: () => void
}

/**
 * When to deliver (or collect), by day (issue 39): the days on the left (today, tomorrow, then the date), the
 * chosen day's times on the right — instead of one list of ~50 slots. "As soon as possible" heads today's.
 */
export default function TimeSheet({ title, slots, asap, chosen, onPick, onClose }: Props) {
  const t = useT()
  const days = slotDays(slots)
  const today = businessToday()
  // "As soon as possible" belongs to today even when no slot of today is left.
  if (asap !== null && days[0]?.date !== today) days.unshift({ date: today, times: [] })
  const [day, setDay] = useState(() => Math.max(0, chosen ? days.findIndex((d) => d.date === chosen.slice(0, 10)) : 0))
  const shown = days[day]
  // "Today"; "Tomorrow" and its date; then the date (zh also names the day after: 后天).
  const dayParts = (date: string): [string, string] => {
    const n = daysAfterToday(date)
    const mmdd = date.slice(5)
    return n === 0 ? [t('to.day.today'), ''] : n === 1 ? [t('to.day.tomorrow'), mmdd] : n === 2 ? [t('to.day.after'), mmdd] : ['', mmdd]
  }
  const dayName = (date: string) => dayParts(date).filter(Boolean).join(' ')
  return (
    <FormSheet name='to-time-sheet' title={title} busy={false} onClose={onClose} closeLabel={t('to.close')}>
      <View className='to-times'>
        <View className='to-times__days' role='tablist' aria-orientation='vertical' aria-label={t('to.day.days')}>
          {days.map((d, i) => (
            <View key={d.date} className={`to-times__day${i === day ? ' to-times__day--on' : ''}`} role='tab' tabIndex={0} aria-selected={i === day} onClick={() => setDay(i)}>
              {dayParts(d.date)
                .filter(Boolean)
                .map((part, k) => (
                  <Text key={k} className={k === 0 ? 'to-times__day-name' : 'to-times__day-date'}>
                    {part}
                  </Text>
                ))}
            </View>
          ))}
        </View>
        <View className='to-times__list' role='radiogroup' aria-label={shown ? dayName(shown.date) : title}>
          {shown?.date === today && asap !== null && (
            <Text className={`to-times__time to-times__time--asap${chosen === null ? ' to-times__time--on' : ''}`} role='radio' tabIndex={0} aria-checked={chosen === null} onClick={() => onPick(null)}>
              {asap}
            </Text>
          )}
          {shown?.times.map((time) => {
            const slot = `${shown.date} ${time}`
            return (
              <Text key={slot} className={`to-times__time${chosen === slot ? ' to-times__time--on' : ''}`} role='radio' tabIndex={0} aria-checked={chosen === slot} onClick={() => onPick(slot)}>
                {time}
              </Text>
            )
          })}
          {!shown && <Text className='to-times__none'>{t('to.noSlots')}</Text>}
        </View>
      </View>
    </FormSheet>
  )
}
