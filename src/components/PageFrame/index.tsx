import { View } from '@tarojs/components'
import Taro, { useDidShow, useShareAppMessage } from '@tarojs/taro'
import { useEffect, useRef, type ReactNode } from 'react'
import NavBar from '@/components/NavBar'
import { useLang, useT } from '@/core/i18n'
import { sharePath } from '@/core/share'
import { navPlatform } from '@/platform/nav'
import { sharePlatform } from '@/platform/share'
import { findRoute, type RoutePath } from '@/routes'
import './index.css'
import { usePageParams } from '@/hooks/usePageParams'

export interface PageFrameProps {
  route: RoutePath
  children?: ReactNode
  /** A title that depends on what the page shows (Payment success of a refunded order), instead of the route's. */
  title?: string
  /**
   * The content fills the screen below the bar, at the height left (an embedded web page), instead of growing
   * with what it holds: the class `page--fill`, styled by the page that asks for it (kept out of Home's CSS).
   */
  fill?: boolean
}

/** Every page: the custom NavBar with the route's title in the current language (unless the platform draws the bar), then the content. */
export default function PageFrame({ route, children, title: shownTitle, fill = false }: PageFrameProps) {
  const lang = useLang()
  const t = useT()
  const def = findRoute(route)
  const title = shownTitle ?? (def ? (lang === 'en' ? def.en : def.zh) : '')

  // No router when a page is mounted outside the app (tests): share the bare page then.
  const params = usePageParams()

  // weapp's web view takes WeChat's own bar (its page config): no NavBar under it.
  const ownBar = !navPlatform.drawsBar(route)

  const shown = useRef(false)
  useEffect(() => {
    if (shown.current) void Taro.setNavigationBarTitle({ title }).catch(() => undefined)
  }, [title])
  useDidShow(() => {
    shown.current = true
    // H5: the document title (tabs, history, share previews); weapp: the system bar's title where it has one.
    void Taro.setNavigationBarTitle({ title }).catch(() => undefined)
    sharePlatform.announce({ title, path: sharePath(route, params) })
  })

  // Sharing from any page carries the shopper's own referral id.
  useShareAppMessage(() => ({ title, path: sharePath(route, params) }))

  return (
    <View className={fill ? 'page page--fill' : 'page'} data-route={route}>
      {ownBar && <NavBar title={title} route={route} backLabel={t('nav.back')} homeLabel={t('nav.home')} />}
      <View className='page__body'>{children}</View>
    </View>
  )
}
