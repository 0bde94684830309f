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
/** The phone's language (H5: the browser's; weapp: WeChat's), handed in by app.tsx (core imports no platform code). */
let systemLang: () => Lang = () => 'zh-CN'

/** Call `listener` whenever the language is switched; returns the unsubscribe. */
export function onLangChange(listener: () => void): () => void {
  return subscribe(listener)
}

/**
 * The language the app speaks: the shopper's own choice (My account) once made — kept whatever the phone says — else
 * the phone's (followSystemLang), read again at each start: an English phone opens in English, a Chinese one in Chinese.
 */
export function getLang(): Lang {
  current ??= getItem('lang') ?? systemLang()
  return current
}

/** Whether the shopper chose the language (My account) rather than the app following the phone's. */
export function langChosen(): boolean {
  return getItem('lang') !== undefined
}

/**
 * Follow the phone's language until the shopper chooses one (app.tsx, at start, with the platform's reading:
 * src/platform/systemLang). Screens already drawn re-render if it changes what getLang says.
 */
export function followSystemLang(read: () => Lang): void {
  const before = current
  systemLang = read
  current = undefined
  if (before !== undefined && getLang() !== before) listeners.forEach((l) => l())
}

/** Switch language: the shopper's choice, kept from now on (the phone's language no longer decides); every screen using useT/useLang re-renders. */
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
  return params ? fillWords(text, params, lang) : text
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

/** For tests: forget the cached language (and any phone's language handed in) so the stored one is read again. */
export function resetLangCache(): void {
  current = undefined
  systemLang = () => 'zh-CN'
}
