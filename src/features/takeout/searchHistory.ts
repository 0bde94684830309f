import { getItem, removeItem, setItem } from '@/core/storage'

const MAX = 10

/** Takeout search's own history, in the app's storage module (`takeoutSearchHistory`): newest first, no repeats, at most 10. */
export function readHistory(): string[] {
  return getItem('takeoutSearchHistory') ?? []
}

export function remember(keyword: string): string[] {
  const k = keyword.trim()
  if (!k) return readHistory()
  const next = [k, ...readHistory().filter((h) => h !== k)].slice(0, MAX)
  setItem('takeoutSearchHistory', next)
  return next
}

export function clearHistory(): void {
  removeItem('takeoutSearchHistory')
}
