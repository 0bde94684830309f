import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMemo } from 'react'
import { navPlatform } from '@/platform/nav'
import { HOME_PATH, routeUrl, type RoutePath } from '@/routes'
import { useT } from './messages'
import './index.css'

/** Routes whose screen is not built yet (each has its own issue); each has a line saying what it will offer. */
export const UNFINISHED_ROUTES = [
  'pages/shopRegister/index',
] as const satisfies readonly RoutePath[]
export type UnfinishedRoute = (typeof UNFINISHED_ROUTES)[number]

export interface ComingSoonProps {
  route: UnfinishedRoute
}

/**
 * A route that is not built yet says so instead of loading forever: a drawing, "coming soon", one line on what
 * the screen will offer, and the way out — back to the page the shopper came from (when there is one) and Home.
 */
export default function ComingSoon({ route }: ComingSoonProps) {
  const t = useT()
  const canBack = useMemo(() => navPlatform.hasPageBehind(), [])
  return (
    <View className='soon' role='status'>
      <View className='soon__art' aria-hidden='true'>
        <View className='soon__board' />
        <View className='soon__leg soon__leg--left' />
        <View className='soon__leg soon__leg--right' />
      </View>
      <Text className='soon__title'>{t('soon.title')}</Text>
      <Text className='soon__offer'>{t(`soon.offer.${route}`)}</Text>
      <View className='soon__actions'>
        {canBack && (
          <Button className='soon__btn soon__back' onClick={() => navPlatform.back()}>
            {t('soon.back')}
          </Button>
        )}
        <Button className='soon__btn soon__home btn-pill' onClick={() => void Taro.switchTab({ url: routeUrl(HOME_PATH) })}>
          {t('soon.home')}
        </Button>
      </View>
    </View>
  )
}
