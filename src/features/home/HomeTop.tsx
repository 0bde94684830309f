import Taro from '@tarojs/taro'
import type { ModuleListAnswer } from '@/contract/site'
import { useState } from 'react'
import ChoiceSheet from '@/components/ChoiceSheet'
import type { City } from '@/core/storage'
import HomeTopView from '@/views/home/HomeTopView'
import BannerCarousel from './BannerCarousel'
import { useT } from './messages'
import './home.css'
import { routeUrl, TAB_PATHS } from '@/routes'
import { assetUrl } from '@/core/request'

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

/** City picker, search box, the banner carousel and the service grid (moduleList). */
export default function HomeTop({ city, cities, onCity, modules }: Props) {
  const t = useT()
  // Every city the server lists, in the shopper's language (WeChat's action sheet stops at 6, H5's says 取消).
  const [choosing, setChoosing] = useState(false)
  // The stored city keeps the name it was chosen with; the list has it in the current language.
  const cityName = city && (cities.find((c) => c.id === city.id)?.name ?? city.name)
  return (
    <HomeTopView
      t={t}
      cityName={cityName}
      modules={modules}
      picture={assetUrl}
      before={
        <ChoiceSheet
          id='home-city-sheet'
          open={choosing}
          title={t('home.chooseCity')}
          choices={cities.map((c) => ({ key: c.id, label: c.name, selected: c.id === city?.id }))}
          cancelText={t('common.cancel')}
          onPick={(i) => onCity(cities[i])}
          onClose={() => setChoosing(false)}
        />
      }
      carousel={modules && modules.banners.length > 0 && <BannerCarousel banners={modules.banners} onOpen={open} />}
      onCity={() => cities.length > 0 && setChoosing(true)}
      onSearch={() => void Taro.navigateTo({ url: routeUrl('pages/index/search') })}
      onOpen={open}
    />
  )
}
