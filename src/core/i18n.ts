import { useSyncExternalStore } from 'react'
import { en } from './messages/en'
import { zhCN, type MessageKey } from './messages/zh-CN'
import { getItem, setItem, type Lang } from './storage'

export type { MessageKey, Lang }

const TABLES: Record<Lang, Record<MessageKey, string>> = { 'zh-CN': zhCN, en }

let current: Lang | undefined
const listeners = new Set<() => void>()

export function getLang(): Lang {
  current ??= getItem('lang') ?? 'zh-CN'
  return current
}

/** Switch language; the choice persists and every screen using useT/useLang re-renders. */
export function setLang(lang: Lang): void {
  current = lang
  setItem('lang', lang)
  listeners.forEach((l) => l())
}

export type MessageParams = Record<string, string | number>

/** The message for `key` in the current language, with `{name}` placeholders filled in. */
export function t(key: MessageKey, params?: MessageParams): string {
  const text = TABLES[getLang()][key] ?? zhCN[key] ?? key
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useLang(): Lang {
  return useSyncExternalStore(subscribe, getLang, getLang)
}

/** `t` bound to the current language; components re-render when it changes. */
export function useT(): typeof t {
  useLang()
  return t
}

/** For tests: forget the cached language so the stored one is read again. */
export function resetLangCache(): void {
  current = undefined
}
