import { Image, Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { useState } from 'react'
import { useMallCategories, useMallGallery, useMallProducts } from '@/api/mall'
import { useCartCount } from '@/api/mallCart'
import SideScroll from '@/components/SideScroll'
import type { GallerySlide } from '@/contract/mall'
import { assetUrl } from '@/core/request'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { routeUrl } from '@/routes'
import { useT } from './messages'
import MallSearchBar from './MallSearchBar'
import CartEntry from './CartEntry'
import ProductGrid from './ProductGrid'
import './mall.css'

/** Where a gallery slide leads: its product or its special. */
export const slideUrl = (s: GallerySlide) => (s.link.type === 'product' ? routeUrl('pages/vMall/detail', { id: s.link.id }) : routeUrl('pages/special/index', { id: s.link.id }))

/** Micro mall: the gallery's slides, categories, the product grid (paged), and the guide. */
export default function MallHome() {
  const t = useT()
  const [category, setCategory] = useState<number | null>(null)
  const categories = useMallCategories()
  const gallery = useMallGallery()
  const products = useMallProducts(category === null ? {} : { category_id: category })
  // The cart's badge (signed in; read again as the mall shows): the count alone, not the whole cart.
  const cart = useCartCount()
  useReachBottom(() => void products.loadMore())
  usePullRefresh(() => Promise.all([products.refresh(), gallery.reload(), categories.reload()]))
  const tabs = [{ id: null, name: t('mall.all') }, ...(categories.data?.list ?? [])]
  const go = (url: string) => void Taro.navigateTo({ url })

  return (
    <View className='mall'>
      <View className='mall-top'>
        <MallSearchBar />
        <CartEntry count={cart.data?.count ?? 0} />
      </View>
      {gallery.data && gallery.data.length > 0 && (
        <View className='mall-gallery'>
          <View className='mall-section-head'>
            <Text className='mall-section-title'>{t('mall.gallery')}</Text>
            <Text className='mall-link mall-gallery__all tap-slop' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/vMall/swiper'))}>
              {t('mall.galleryAll')}
            </Text>
          </View>
          <SideScroll className='mall-gallery__strip'>
            {gallery.data.map((s) => (
              <View key={s.id} className='mall-gallery__slide' role='link' tabIndex={0} onClick={() => go(slideUrl(s))}>
                <Image className='mall-gallery__img' src={assetUrl(s.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
                <View className='mall-gallery__text'>
                  <Text className='mall-gallery__title'>{s.title}</Text>
                  <Text className='mall-gallery__subtitle'>{s.subtitle}</Text>
                </View>
              </View>
            ))}
          </SideScroll>
        </View>
      )}

      <View className='mall-guide-link' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/vMall/guide'))}>
        <Text className='mall-guide-link__title'>{t('mall.guide')}</Text>
        <Text className='mall-guide-link__hint'>{t('mall.guideHint')} ›</Text>
      </View>

      <SideScroll className='mall-cats'>
        <View className='mall-cats__row' role='tablist' aria-label={t('mall.categories')}>
          {tabs.map((c) => (
            <Text
              key={c.id ?? 'all'}
              className={`mall-cat tap-slop mall-cat--${c.id ?? 'all'}${c.id === category ? ' mall-cat--on' : ''}`}
              role='tab'
              tabIndex={0}
              aria-selected={c.id === category}
              onClick={() => setCategory(c.id)}
            >
              {c.name}
            </Text>
          ))}
        </View>
      </SideScroll>

      <ProductGrid list={products} />
    </View>
  )
}
