import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { routeUrl } from '@/routes'
import { useT } from './messages'
import './mallSearchBar.css'

/** The mall's own search: a bar that opens Search on the mall's products (pages/index/search?scope=mall). */
export default function MallSearchBar() {
  const t = useT()
  return (
    <View className='mall-search' role='search'>
      <View className='mall-search__bar tap-slop' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/index/search', { scope: 'mall' }) })}>
        <Text className='mall-search__placeholder'>{t('mall.search')}</Text>
      </View>
    </View>
  )
}
