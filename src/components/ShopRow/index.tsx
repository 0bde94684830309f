import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { formatDistance } from '@/contract/distance'
import type { Shop } from '@/contract/member'
import { useLang } from '@/core/i18n'
import { imageLoading } from '@/platform/imageLoading'
import { discountLabel, useT } from './messages'
import './index.css'
import { routeUrl } from '@/routes'
import { assetUrl } from '@/core/request'

/** One discount shop in a list (with its distance when the list knows where the shopper is): tap → Pay a bill there; "details" → Shop details. */
export default function ShopRow({ shop }: { shop: Shop }) {
  const t = useT()
  const lang = useLang()
  return (
    <View className='shop-row' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/payBill/index', { shop_id: shop.id }) })}>
      <Image className='shop-row__img' src={assetUrl(shop.image)} mode='aspectFill' lazyLoad={imageLoading.lazy} nativeProps={{ alt: '' }} />
      <View className='shop-row__body'>
        <Text className='shop-row__name'>{shop.name}</Text>
        <Text className='shop-row__meta'>
          {shop.class_name} · {t('shops.rating', { rating: shop.rating.toFixed(1) })}
          {shop.distance !== undefined && <Text className='shop-row__distance'> · {formatDistance(shop.distance)}</Text>}
        </Text>
        <Text className='shop-row__addr'>{shop.address}</Text>
      </View>
      <View className='shop-row__side'>
        <Text className='shop-row__discount'>{t('shops.discount', { rate: discountLabel(shop.discount_rate, lang) })}</Text>
        <Text
          className='shop-row__details'
          role='link'
          tabIndex={0}
          onClick={(e) => {
            e.stopPropagation()
            void Taro.navigateTo({ url: routeUrl('pages/shops/details', { id: shop.id }) })
          }}
        >
          {t('shops.details')} ›
        </Text>
      </View>
    </View>
  )
}
