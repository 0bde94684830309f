import { Image, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { ModuleListAnswer } from '@/contract/site'
import type { HomeWords } from '../words'

export interface HomeTopViewProps {
  t: HomeWords
  /** The city shown (its name), or none chosen. */
  cityName: string | undefined
  modules: ModuleListAnswer | undefined
  /** The banner carousel (BannerCarouselView, with the app's autoplay around it); none without banners. */
  carousel?: ReactNode
  /** What sits above the bar (the app's city sheet). */
  before?: ReactNode
  /** A picture's URL from an answer's path. */
  picture: (path: string) => string
  onCity?: () => void
  onSearch?: () => void
  onOpen?: (path: string) => void
}

/** Home's top: the city picker, the search box, the banner carousel and the service grid (moduleList). */
export default function HomeTopView({ t, cityName, modules, carousel, before, picture, onCity, onSearch, onOpen }: HomeTopViewProps) {
  return (
    <View className='home-top'>
      {before}
      <View className='home-bar'>
        <Text className='home-bar__city tap-slop' role='button' tabIndex={0} aria-haspopup='dialog' onClick={onCity}>
          {cityName ?? t('home.chooseCity')} ▾
        </Text>
        <View className='home-bar__search tap-slop' onClick={onSearch} role='link' tabIndex={0}>
          <Text className='home-bar__placeholder'>{t('home.search')}</Text>
        </View>
      </View>
      {carousel}
      {modules && (
        <View className='home-grid'>
          {modules.modules.map((m) => (
            <View key={m.key} className={`home-grid__item home-grid__item--${m.key}`} role='link' tabIndex={0} onClick={() => onOpen?.(m.path)}>
              <Image className='home-grid__icon' src={picture(m.icon)} nativeProps={{ alt: '' }} />
              <Text className='home-grid__label'>{m.title}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
