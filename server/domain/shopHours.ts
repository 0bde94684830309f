import type { OpenNow } from '../../src/contract/shopProfile'
import { dailyFromText, periodMinutes, type OpeningPeriod, type WeekHours } from '../../src/contract/shopHours'
import { businessMidnight, fmt } from '../time'

/**
 * Open or closed on the server's clock (issue 44), for a shop's hours by weekday with breaks and closed dates — as
 * takeout has decided it for its own hours since issue 25 (server/domain/takeout/pricing.ts), now by weekday. A period
 * belongs to the day it opens: one running past midnight ends the next morning; a closed date closes the periods that
 * open on it (yesterday's late period still ends on the holiday's early morning).
 */

const MINUTE = 60_000
const DAY = 86_400_000

/** A shop's hours as stored: the week (JSON; null: only the older free text), closed dates (JSON), the older text. */
export interface StoredHours {
  hours: string
  week_hours: string | null
  closed_dates: string
}

export interface Schedule {
  /** 7 days, Monday first. */
  week: WeekHours
  closed: readonly string[]
}

/** The week as the shop stored it, or the older free text read as every day's ("09:00-22:00"); null when it is neither. */
export function scheduleOf(row: StoredHours): Schedule | null {
  const closed = JSON.parse(row.closed_dates || '[]') as string[]
  if (row.week_hours) return { week: JSON.parse(row.week_hours) as WeekHours, closed }
  const daily = dailyFromText(row.hours)
  return daily ? { week: Array.from({ length: 7 }, () => daily), closed } : null
}

/** A business day: its date, its weekday (0 Monday … 6 Sunday) and its midnight. */
export function businessDay(ms: number, offsetDays = 0): { date: string; weekday: number; midnight: number } {
  // Noon of the day asked, then its midnight: a day of another length (a zone with summer time) is still one day.
  const day = businessMidnight(businessMidnight(ms).valueOf() + offsetDays * DAY + DAY / 2)
  return { date: day.format('YYYY-MM-DD'), weekday: (day.day() + 6) % 7, midnight: day.valueOf() }
}

interface Span {
  start: number
  end: number
}

/** The opening periods as instants, from yesterday's (one may run past midnight into today) to a week ahead. */
export function spansOf(schedule: Schedule, ms: number): Span[] {
  const spans: Span[] = []
  for (let d = -1; d <= 7; d++) {
    const day = businessDay(ms, d)
    if (schedule.closed.includes(day.date)) continue
    for (const p of schedule.week[day.weekday] ?? []) {
      const { open, close } = periodMinutes(p)
      spans.push({ start: day.midnight + open * MINUTE, end: day.midnight + close * MINUTE })
    }
  }
  return spans.sort((a, b) => a.start - b.start)
}

/** Open now, until when; or closed, from when (within a week), and whether a closed date closes today. */
export function openNowOf(schedule: Schedule, ms: number): OpenNow {
  const spans = spansOf(schedule, ms)
  const open = spans.find((s) => s.start <= ms && ms < s.end)
  if (open) return { open: true, closes_at: fmt(open.end), opens_at: null, closed_today: false }
  const next = spans.find((s) => s.start > ms)
  return { open: false, closes_at: null, opens_at: next ? fmt(next.start) : null, closed_today: schedule.closed.includes(businessDay(ms).date) }
}

/** Closed dates from today on (the past ones are dropped when read or saved), soonest first. */
export const comingDates = (dates: readonly string[], ms: number): string[] => {
  const today = businessDay(ms).date
  return Array.from(new Set(dates.filter((d) => d >= today))).sort()
}

export type { OpeningPeriod }
