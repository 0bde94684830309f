import Taro from '@tarojs/taro'
import { t } from '@/core/i18n'
import type { MessageKey } from '@/core/i18n'
import { TAB_PATHS } from './routes'

const TAB_KEYS: readonly MessageKey[] = ['tab.home', 'tab.card', 'tab.orders', 'tab.me']

/** How often, and how many times at most, a label that got no answer is set again. */
export const TAB_RETRY_MS = 250
export const TAB_MAX_TRIES = 12

/**
 * Set one label; if the call gets no answer, set it again a little later (bounded). On H5 the tab bar element
 * only listens for setTabBarItem once it has loaded: a call made at launch before that is dropped and never
 * answers, which left the labels in Chinese on a fast load. The text is read at each try, so a language
 * switched meanwhile wins.
 */
function setLabel(index: number, attempt: number): void {
  let answered = false
  void Taro.setTabBarItem({ index, text: t(TAB_KEYS[index]) })
    .catch(() => undefined)
    .then(() => {
      answered = true
    })
  if (attempt + 1 >= TAB_MAX_TRIES) return
  setTimeout(() => {
    if (!answered) setLabel(index, attempt + 1)
  }, TAB_RETRY_MS)
}

/** The tab labels in the current language, in tab order. */
export const tabLabels = (): string[] => TAB_KEYS.map((key) => t(key))

/** The tab bar is declared in zh-CN in app.config; this rewrites its labels in the current language. */
export function applyTabBarLanguage(): void {
  TAB_PATHS.forEach((_, index) => setLabel(index, 0))
}
