import Taro from '@tarojs/taro'
import { t } from '@/core/i18n'
import type { MessageKey } from '@/core/i18n'
import { TAB_PATHS } from './routes'

const TAB_KEYS: readonly MessageKey[] = ['tab.home', 'tab.card', 'tab.orders', 'tab.me']

/** The tab bar is declared in zh-CN in app.config; this rewrites its labels in the current language. */
export function applyTabBarLanguage(): void {
  TAB_PATHS.forEach((_, index) => {
    void Taro.setTabBarItem({ index, text: t(TAB_KEYS[index]) }).catch(() => undefined)
  })
}
