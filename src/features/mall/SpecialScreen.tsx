import { Image, Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { useMallProducts } from '@/api/mall'
import type { MallSpecial } from '@/contract/mall'
import { assetUrl } from '@/core/request'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useT } from './messages'
import ProductGrid from './ProductGrid'
import './mall.css'

/** A special: its banner and words, and its products (paged). */
export default function SpecialScreen({ special }: { special: MallSpecial }) {
  const t = useT()
  const products = useMallProducts({ special_id: special.id })
  useReachBottom(() => void products.loadMore())
  usePullRefresh(products.refresh)
  return (
    <View className='mall-special'>
      <View className='mall-special__banner'>
        <Image className='mall-special__img' src={assetUrl(special.banner)} mode='aspectFill' nativeProps={{ alt: '' }} />
        <View className='mall-special__text'>
          <Text className='mall-special__title'>{special.title}</Text>
          <Text className='mall-special__subtitle'>{special.subtitle}</Text>
        </View>
      </View>
      <Text className='mall-section-title mall-special__heading'>{t('mall.specialProducts')}</Text>
      <ProductGrid list={products} />
    </View>
  )
}
