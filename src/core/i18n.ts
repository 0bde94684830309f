import { useSyncExternalStore } from 'react'
import { fillWords } from '@/contract/words'
import { en } from './messages/en'
import { zhCN, type MessageKey } from './messages/zh-CN'
import { getItem, setItem, type Lang } from './storage'

export type { MessageKey, Lang }

const TABLES: Record<Lang, Record<MessageKey, string>> = { 'zh-CN': zhCN, en }
/** Words registered by features (defineMessages), which load with their screens. */
const FEATURE: Record<Lang, Record<string, string>> = { 'zh-CN': {}, en: {} }

let current: Lang | undefined
const listeners = new Set<() => void>()

/** Call `listener` whenever the language is switched; returns the unsubscribe. */
export function onLangChange(listener: () => void): () => void {
  return subscribe(listener)
}

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
  return lookup(key, params)
}

function lookup(key: string, params?: MessageParams): string {
  const lang = getLang()
  const table = TABLES[lang] as Record<string, string>
  const text = table[key] ?? FEATURE[lang][key] ?? (zhCN as Record<string, string>)[key] ?? FEATURE['zh-CN'][key] ?? key
  return params ? fillWords(text, params) : text
}

export interface FeatureMessages<K extends string> {
  /** Feature and core words, in the current language. */
  t: (key: K | MessageKey, params?: MessageParams) => string
  /** The same `t`, re-rendering the component when the language changes. */
  useT: () => (key: K | MessageKey, params?: MessageParams) => string
  keys: readonly K[]
  /** Both tables, for the completeness test. */
  tables: { 'zh-CN': Record<string, string>; en: Record<string, string> }
}

/**
 * A feature's own words in both languages (English must have every key: the type says so). They are
 * registered when the feature's module loads, so they travel with its screens, not in the first load.
 */
export function defineMessages<K extends string>(tables: { 'zh-CN': Record<K, string>; en: Record<NoInferKey<K>, string> }): FeatureMessages<K> {
  Object.assign(FEATURE['zh-CN'], tables['zh-CN'])
  Object.assign(FEATURE.en, tables.en)
  const tf = (key: K | MessageKey, params?: MessageParams) => lookup(key, params)
  return {
    t: tf,
    useT: () => {
      useLang()
      return tf
    },
    keys: Object.keys(tables['zh-CN']) as K[],
    tables,
  }
}
type NoInferKey<K> = [K][K extends unknown ? 0 : never]

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
