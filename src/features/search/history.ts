import { getItem, removeItem, setItem } from '@/core/storage'

const MAX = 10

/** Local search history: newest first, no duplicates, at most 10. */
export function readHistory(): string[] {
  return getItem('searchHistory') ?? []
}

export function remember(keyword: string): string[] {
  const k = keyword.trim()
  if (!k) return readHistory()
  const next = [k, ...readHistory().filter((h) => h !== k)].slice(0, MAX)
  setItem('searchHistory', next)
  return next
}

export function clearHistory(): void {
  removeItem('searchHistory')
}
