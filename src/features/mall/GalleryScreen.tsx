import { Button, Image, Swiper, SwiperItem, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import type { GallerySlide } from '@/contract/mall'
import { assetUrl } from '@/core/request'
import { BRAND } from '@/core/theme'
import { slideUrl } from './MallHome'
import { useT } from './messages'
import './mall.css'

/** Mall gallery: the promotion slides full screen, swiped; each leads to its product or special. */
export default function GalleryScreen({ slides }: { slides: GallerySlide[] }) {
  const t = useT()
  const [index, setIndex] = useState(0)
  return (
    <View className='mall-slides'>
      <Swiper className='mall-slides__swiper' indicatorDots indicatorActiveColor={BRAND} circular onChange={(e) => setIndex(e.detail.current)}>
        {slides.map((s, i) => (
          <SwiperItem key={s.id}>
            <View className='mall-slides__slide' role='group' aria-label={t('mall.slide', { n: i + 1, total: slides.length })}>
              <Image className='mall-slides__img' src={assetUrl(s.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
              <View className='mall-slides__text'>
                <Text className='mall-slides__title'>{s.title}</Text>
                <Text className='mall-slides__subtitle'>{s.subtitle}</Text>
                <Button className='btn-pill mall-slides__view' onClick={() => void Taro.navigateTo({ url: slideUrl(s) })}>
                  {t('mall.view')}
                </Button>
              </View>
            </View>
          </SwiperItem>
        ))}
      </Swiper>
      <Text className='mall-slides__counter' aria-live='polite'>
        {index + 1} / {slides.length}
      </Text>
    </View>
  )
}
