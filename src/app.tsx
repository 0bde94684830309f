import Taro, { useDidShow, useLaunch, usePageNotFound } from '@tarojs/taro'
import type { PropsWithChildren } from 'react'
import { refreshRolesOnLaunch } from '@/api/roles'
import { followSystemLang, getLang, langChosen, onLangChange, t } from '@/core/i18n'
import { captureLaunchParams } from '@/core/launch'
import { connectRequest } from '@/core/request'
import { checkPendingOnShow } from '@/payment/pendingOnShow'
import { apiBase } from '@/platform/apiBase'
import { documentLang } from '@/platform/documentLang'
import { keyboard } from '@/platform/keyboard'
import { launchQuery } from '@/platform/launchQuery'
import { launchAnswers } from '@/platform/firstScreen'
import { systemLang } from '@/platform/systemLang'
import { tabBarLabels } from '@/platform/tabBarLabels'
import { transport } from '@/platform/transport'
import { HOME_PATH, routeUrl } from './routes'
import { applyTabBarLanguage, tabLabels } from './tabBar'
import './app.css'

// H5 on Chrome 70–84 and iOS 12–13.3 has no String.prototype.replaceAll, and query-string 9 (through
// @tarojs/router) calls it on every URL it reads. Taro's H5 entry evaluates this module before it creates the
// router, so the polyfill is in place first. scripts/check-es.mjs allow-lists those two calls for this reason.
if (process.env.TARO_ENV === 'h5' && !('replaceAll' in String.prototype)) {
  Object.defineProperty(String.prototype, 'replaceAll', {
    configurable: true,
    writable: true,
    value: function replaceAll(this: string, search: unknown, replacement: string) {
      if (search instanceof RegExp) {
        if (!search.global) throw new TypeError('replaceAll must be called with a global RegExp')
        return this.replace(search, replacement)
      }
      return this.replace(new RegExp(String(search).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'), replacement)
    },
  })
}

// core sits below platform: the request client gets this platform's transport and API host here, before any
// screen can ask for anything.
connectRequest(transport, () => apiBase.base())

// Until the shopper chooses a language on My account, the app speaks the phone's (H5: the browser's languages; weapp:
// WeChat's): an English phone opens in English (issue 39). Before anything asks getLang — the first calls carry it.
followSystemLang(() => systemLang.read())
// H5: the tab bar's first drawing in that language (Taro draws the labels app.config declares, in Chinese).
tabBarLabels.beforeFirstDraw(tabLabels)

// The entry page's first calls leave now, while the app is still starting and before that page has loaded
// (mini-program; on H5 the page's HTML started them already). Its screens take the answers (issue 15).
launchAnswers.start()

// H5: Enter/Space work on tappable things, and Taro's Buttons are buttons to the Tab key and screen readers.
keyboard.install()

// H5: <html lang> says the shopper's language from the start and whenever it is switched (screen readers,
// translators, hyphenation); weapp has no document.
documentLang.apply(getLang(), langChosen())
onLangChange(() => documentLang.apply(getLang(), langChosen()))

/** Keep the sharer / QR parameters of a launch or show (weapp passes the show options; H5 reads the URL). */
const initLaunchCapture = (showOptions?: { query?: Record<string, string | undefined> }) => captureLaunchParams(launchQuery.current(showOptions))

/** Send an unknown path to Home with a "page not found" toast — never a blank screen. */
function goHomeNotFound() {
  const toast = () => void Taro.showToast({ title: t('nav.pageNotFound'), icon: 'none', duration: 2000 })
  // weapp wants the redirect synchronously inside the callback; H5 renders nothing for a 404 until we move.
  Taro.switchTab({ url: routeUrl(HOME_PATH), success: toast, fail: () => void Taro.reLaunch({ url: routeUrl(HOME_PATH), success: toast }) })
}

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    initLaunchCapture()
    if (getLang() !== 'zh-CN') applyTabBarLanguage()
    // Roles (store staff) as the server has them now, without logging in again (issue 12).
    void refreshRolesOnLaunch()
  })

  useDidShow((options?: { query?: Record<string, string | undefined> }) => {
    // Share and QR parameters can also arrive when the app is brought back to the front.
    initLaunchCapture(options)
    // A shopper coming back from paying: resolve the pending order from the server, never from a guess.
    void checkPendingOnShow().catch(() => undefined)
  })

  usePageNotFound(goHomeNotFound)

  return children
}

export default App
