/**
 * A shop's opening hours by weekday (issue 44): the rule both sides apply — the owner's screen as they type, the server
 * when it stores them (./shopProfile.ts) and when it decides open or closed on its own clock (server/domain/shopHours.ts).
 * No zod here: the app imports it.
 *
 * A week is 7 days, Monday first; a day is up to SHOP_PROFILE_LIMITS.periodsPerDay periods "HH:MM"–"HH:MM", in order,
 * the gaps between them the breaks; no period: closed that weekday. A period whose close is at or before its open runs
 * past midnight into the next day (a bar's "18:00–02:00"), so only a day's last period may; "24:00" closes at midnight;
 * "00:00–24:00" is the whole day.
 */
import { HOUR_MINUTE_PATTERN, SHOP_PROFILE_LIMITS, WEEKDAYS } from './shopProfileEndpoints'

export interface OpeningPeriod {
  open: string
  close: string
}
export type WeekHours = OpeningPeriod[][]

/** Why a day's periods cannot be stored (the reason's `problem`). */
export type DayProblem = 'format' | 'length' | 'order' | 'too_many'

export const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number)
  return h * 60 + m
}

/** A period as minutes after the day's midnight: close beyond 1440 when it runs past midnight. */
export function periodMinutes(p: OpeningPeriod): { open: number; close: number } {
  const open = minutesOf(p.open)
  const close = minutesOf(p.close)
  return { open, close: close <= open ? close + 1440 : close }
}

/** The first problem of one day's periods, or null when they can be stored. */
export function dayProblem(day: readonly OpeningPeriod[]): DayProblem | null {
  if (day.length > SHOP_PROFILE_LIMITS.periodsPerDay) return 'too_many'
  for (const p of day) {
    if (!HOUR_MINUTE_PATTERN.test(p.open) || p.open === '24:00' || !HOUR_MINUTE_PATTERN.test(p.close)) return 'format'
  }
  let end = -1
  for (let i = 0; i < day.length; i++) {
    const { open, close } = periodMinutes(day[i])
    // "00:00–00:00" would be a day long by the rule above: written "00:00–24:00" instead, any other equal pair is a slip.
    if (day[i].open === day[i].close) return 'length'
    // In order, each after the last one closed (a break between); only the last may run past midnight.
    if (open <= end) return 'order'
    if (close > 1440 && i !== day.length - 1) return 'order'
    end = close
  }
  return null
}

/** The week's first day with a problem (0 Monday … 6 Sunday), or null. */
export function weekProblem(week: readonly (readonly OpeningPeriod[])[]): { day: number; problem: DayProblem } | null {
  if (week.length !== WEEKDAYS) return { day: 0, problem: 'format' }
  for (let d = 0; d < WEEKDAYS; d++) {
    const problem = dayProblem(week[d])
    if (problem) return { day: d, problem }
  }
  return null
}

/** One day's periods as text: "09:00-14:00,17:00-22:00" ('' closed). */
export const dayText = (day: readonly OpeningPeriod[]): string => day.map((p) => `${p.open}-${p.close}`).join(',')

/**
 * The week in one language-free line for the readers of the older free-text `hours` (a pickup order's shop, a fuel
 * station): the periods most days have ("09:00-22:00"); '' when the shop is closed every day.
 */
export function weekSummary(week: readonly (readonly OpeningPeriod[])[]): string {
  const counts = new Map<string, number>()
  for (const day of week) {
    const text = dayText(day)
    if (text) counts.set(text, (counts.get(text) ?? 0) + 1)
  }
  let best = ''
  let most = 0
  counts.forEach((n, text) => {
    if (n > most) {
      best = text
      most = n
    }
  })
  return best
}

/** The older free text read as every day's periods ("09:00-22:00", "10:00-14:00,17:00-02:00"), or null when it is not that. */
export function dailyFromText(text: string): OpeningPeriod[] | null {
  const parts = text.split(',').map((p) => p.trim())
  const day = parts.map((p) => {
    const m = /^(\d\d:\d\d)\s*-\s*(\d\d:\d\d)$/.exec(p)
    return m ? { open: m[1], close: m[2] } : null
  })
  if (day.length === 0 || day.some((p) => p === null)) return null
  const periods = day as OpeningPeriod[]
  return dayProblem(periods) === null ? periods : null
}

/** A calendar date "YYYY-MM-DD" that exists (2027-02-29 does not). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (mo < 1 || mo > 12 || d < 1) return false
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]
  return d <= days
}
