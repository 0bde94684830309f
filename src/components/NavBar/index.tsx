import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMemo } from 'react'
import { navPlatform } from '@/platform/nav'
import { HOME_PATH, isTabPath, routeUrl } from '@/routes'
import './index.css'

export interface NavBarProps {
  title: string
  /** Route of the page, without the leading slash. */
  route: string
  backLabel: string
  homeLabel: string
}

/**
 * The custom navigation bar of every page (window.navigationStyle is 'custom'): a centred title, a back
 * arrow when there is a page of the app to go back to, a home button when the page was opened directly (share
 * link, QR code, a typed address). Home itself has neither; tab pages have no back. "A page to go back to" is
 * the platform's answer (src/platform/nav): the page stack on weapp; on H5 also the tab's history, which a
 * browser Forward leaves intact while Taro's page stack forgets the page below.
 */
export default function NavBar({ title, route, backLabel, homeLabel }: NavBarProps) {
  const metrics = useMemo(() => navPlatform.metrics(), [])
  const { canBack, showHome } = useMemo(() => {
    // Home and the other tabs are where the shopper starts: neither back nor home.
    const inner = route !== HOME_PATH && !isTabPath(route)
    const back = inner && navPlatform.hasPageBehind()
    return { canBack: back, showHome: inner && !back }
  }, [route])

  const goBack = () => navPlatform.back()
  const goHome = () => {
    void Taro.switchTab({ url: routeUrl(HOME_PATH) })
  }

  return (
    <View className='nav-bar' style={{ paddingTop: `${metrics.statusBarHeight}px` }}>
      <View className='nav-bar__inner' style={{ height: `${metrics.barHeight}px`, paddingRight: `${metrics.rightInset}px` }}>
        <View className='nav-bar__side'>
          {canBack && (
            <View className='nav-bar__btn nav-bar__back' onClick={goBack} aria-label={backLabel} role='button' tabIndex={0}>
              <Text className='nav-bar__chevron' />
            </View>
          )}
          {showHome && (
            <View className='nav-bar__btn nav-bar__home' onClick={goHome} aria-label={homeLabel} role='button' tabIndex={0}>
              <Text className='nav-bar__house' />
            </View>
          )}
        </View>
        <Text className='nav-bar__title' numberOfLines={1}>
          {title}
        </Text>
        <View className='nav-bar__side' />
      </View>
    </View>
  )
}
