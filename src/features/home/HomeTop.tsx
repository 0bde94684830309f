import { Image, ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ModuleListAnswer } from '@/contract/site'
import { useLang } from '@/core/i18n'
import type { City } from '@/core/storage'
import { useT } from './messages'
import './home.css'
import { routeUrl, TAB_PATHS } from '@/routes'

interface Props {
  city: City | undefined
  cities: City[]
  onCity: (city: City) => void
  modules: ModuleListAnswer | undefined
}

/** Route from the server (module / banner paths): our own pages only. */
function open(path: string) {
  if (!/^\/pages\/[\w/]+(\?[^#\s]*)?$/.test(path)) return
  const tabs = TAB_PATHS.map((p) => routeUrl(p))
  if (tabs.includes(path.split('?')[0])) void Taro.switchTab({ url: path.split('?')[0] })
  else void Taro.navigateTo({ url: path })
}

/** City picker, search box, banners and the service grid (moduleList). */
export default function HomeTop({ city, cities, onCity, modules }: Props) {
  const t = useT()
  const lang = useLang()
  const chooseCity = async () => {
    if (!cities.length) return
    try {
      const { tapIndex } = await Taro.showActionSheet({ itemList: cities.slice(0, 6).map((c) => c.name) })
      onCity(cities[tapIndex])
    } catch {
      // Dismissed.
    }
  }
  return (
    <View className='home-top'>
      <View className='home-bar'>
        <Text className='home-bar__city' role='button' tabIndex={0} onClick={() => void chooseCity()}>
          {city?.name ?? t('home.chooseCity')} ▾
        </Text>
        <View className='home-bar__search' onClick={() => void Taro.navigateTo({ url: routeUrl('pages/index/search') })} role='link' tabIndex={0}>
          <Text className='home-bar__placeholder'>{t('home.search')}</Text>
        </View>
      </View>
      {modules && modules.banners.length > 0 && (
        <ScrollView className='home-banners' scrollX enhanced pagingEnabled showScrollbar={false}>
          {modules.banners.map((b) => (
            <View key={b.id} className='home-banners__item' role='link' tabIndex={0} onClick={() => open(b.path)}>
              <Image className='home-banners__img' src={b.image} mode='aspectFill' nativeProps={{ alt: '' }} />
              {/* The picture has no words in it: the title is text, so it can be read, translated and found. */}
              <View className='home-banners__text'>
                <Text className='home-banners__title'>{b.title}</Text>
                <Text className='home-banners__go'>{t('home.bannerGo')}</Text>
              </View>
            </View>
          ))}
        </ScrollView>
      )}
      {modules && (
        <View className='home-grid'>
          {modules.modules.map((m) => (
            <View key={m.key} className={`home-grid__item home-grid__item--${m.key}`} role='link' tabIndex={0} onClick={() => open(m.path)}>
              <Image className='home-grid__icon' src={m.icon} nativeProps={{ alt: '' }} />
              <Text className='home-grid__label'>{lang === 'en' ? m.title_en : m.title}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
