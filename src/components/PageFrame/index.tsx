import { View } from '@tarojs/components'
import Taro, { useDidShow, useShareAppMessage } from '@tarojs/taro'
import { useEffect, useRef, type ReactNode } from 'react'
import NavBar from '@/components/NavBar'
import { useLang, useT } from '@/core/i18n'
import { sharePath } from '@/core/share'
import { sharePlatform } from '@/platform/share'
import { findRoute, type RoutePath } from '@/routes'
import './index.css'
import { usePageParams } from '@/hooks/usePageParams'

export interface PageFrameProps {
  route: RoutePath
  children?: ReactNode
  /** A title that depends on what the page shows (Payment success of a refunded order), instead of the route's. */
  title?: string
}

/** Every page: the custom NavBar with the route's title in the current language, then the content. */
export default function PageFrame({ route, children, title: shownTitle }: PageFrameProps) {
  const lang = useLang()
  const t = useT()
  const def = findRoute(route)
  const title = shownTitle ?? (def ? (lang === 'en' ? def.en : def.zh) : '')

  // No router when a page is mounted outside the app (tests): share the bare page then.
  const params = usePageParams()

  const shown = useRef(false)
  useEffect(() => {
    if (shown.current) void Taro.setNavigationBarTitle({ title }).catch(() => undefined)
  }, [title])
  useDidShow(() => {
    shown.current = true
    // H5: the document title (tabs, history, share previews); weapp: harmless with the custom bar.
    void Taro.setNavigationBarTitle({ title }).catch(() => undefined)
    sharePlatform.announce({ title, path: sharePath(route, params) })
  })

  // Sharing from any page carries the shopper's own referral id.
  useShareAppMessage(() => ({ title, path: sharePath(route, params) }))

  return (
    <View className='page' data-route={route}>
      <NavBar title={title} route={route} backLabel={t('nav.back')} homeLabel={t('nav.home')} />
      <View className='page__body'>{children}</View>
    </View>
  )
}
