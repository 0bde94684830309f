/**
 * A month as weeks of seven cells, Monday first (the business calendar; no date library on the client:
 * the server says which month and which days). A cell is a day of the month, or null before the 1st / after the last.
 */
export interface CalendarDay {
  /** "YYYY-MM-DD" */
  day: string
  date: number
}

export function monthWeeks(month: string): Array<Array<CalendarDay | null>> {
  const [y, m] = month.split('-').map(Number)
  if (!y || !m || m < 1 || m > 12) return []
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate()
  // getUTCDay: 0 Sunday … 6 Saturday → cells before the 1st with Monday first.
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7
  const cells: Array<CalendarDay | null> = Array.from({ length: lead }, () => null)
  for (let d = 1; d <= days; d++) cells.push({ day: `${month}-${String(d).padStart(2, '0')}`, date: d })
  while (cells.length % 7) cells.push(null)
  const weeks: Array<Array<CalendarDay | null>> = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}
