import type { SeckillProduct, SeckillSession } from '@/contract/seckill'
import { parseTime } from '@/core/clock'

export type Phase = 'upcoming' | 'on' | 'ended' | 'soldOut'

/**
 * Where a session or product stands at `now` (the server's clock, ms): the server's answer says it as of when it
 * was read; the screen moves it on by the same clock, so "buy" opens when the server's time reaches the start.
 */
export function phaseAt(item: Pick<SeckillProduct, 'start_time' | 'end_time'> & { stock?: number }, now: number): Phase {
  const start = parseTime(item.start_time) ?? 0
  const end = parseTime(item.end_time) ?? 0
  if (now < start) return 'upcoming'
  if (now >= end) return 'ended'
  return item.stock === 0 ? 'soldOut' : 'on'
}

/** The instant the countdown counts to: the start while upcoming, the end while on; null once over. */
export function countdownTarget(item: Pick<SeckillSession, 'start_time' | 'end_time'>, phase: Phase): number | null {
  if (phase === 'upcoming') return parseTime(item.start_time)
  if (phase === 'on' || phase === 'soldOut') return parseTime(item.end_time)
  return null
}

/** Seconds → "01:02:03" (hours go past 24 for a session days away). */
export const hms = (s: number): string => [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':')

/** "2026-11-23 16:00:00" → "16:00". */
export const clockOf = (time: string): string => time.slice(11, 16)

/** The share of the run already sold, 0–100 (rounded down, so "100%" only when none is left). */
export const soldPercent = (p: Pick<SeckillProduct, 'stock' | 'total_stock'>): number =>
  p.total_stock > 0 ? Math.floor(((p.total_stock - p.stock) * 100) / p.total_stock) : 100
