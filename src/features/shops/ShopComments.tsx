import { Image, Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { useShopComments } from '@/api/comments'
import { ListFooter } from '@/components/StateView'
import { imageLoading } from '@/platform/imageLoading'
import { useT } from './messages'
import { assetUrl } from '@/core/request'

/** Reviews (hsh_comment), more as the shopper scrolls. */
export default function ShopComments({ shopId }: { shopId: number }) {
  const t = useT()
  const comments = useShopComments(shopId)
  useReachBottom(() => void comments.loadMore())
  return (
    <View className='shop-section'>
      <Text className='shop-section__title'>{t('shops.comments')}</Text>
      {comments.empty && <Text className='comment__text'>{t('shops.noComments')}</Text>}
      {comments.items.map((c) => (
        <View key={c.id} className='comment'>
          <View className='comment__head'>
            <View className='comment__who'>
              {/* Beside the nickname it names nothing more: decorative (alt="" on the H5 <img>). */}
              {c.avatar ? <Image className='comment__avatar' src={assetUrl(c.avatar)} lazyLoad={imageLoading.lazy} nativeProps={{ alt: '' }} /> : null}
              <Text>{c.nickname}</Text>
            </View>
            <Text>
              {'★'.repeat(c.rating)}
              {'☆'.repeat(5 - c.rating)} · {c.create_time.slice(0, 10)}
            </Text>
          </View>
          <Text className='comment__text'>{c.content}</Text>
        </View>
      ))}
      <ListFooter loadingMore={comments.loadingMore || comments.loading} hasMore={comments.hasMore} loadingText={t('common.loadingMore')} endText={t('common.noMore')} />
    </View>
  )
}
