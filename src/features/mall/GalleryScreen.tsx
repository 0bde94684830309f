import { Button, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMemo, useState } from 'react'
import Pager from '@/components/Pager'
import type { GallerySlide } from '@/contract/mall'
import { assetUrl } from '@/core/request'
import { slideUrl } from './MallHome'
import { useT } from './messages'
import './mall.css'

/** Mall gallery: the promotion slides full screen, swiped; each leads to its product or special. */
export default function GalleryScreen({ slides }: { slides: GallerySlide[] }) {
  const t = useT()
  const [index, setIndex] = useState(0)
  const pages = useMemo(
    () =>
      slides.map((s) => ({
        key: String(s.id),
        node: (
          <View className='mall-slides__slide'>
            <Image className='mall-slides__img' src={assetUrl(s.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
            <View className='mall-slides__text'>
              <Text className='mall-slides__title'>{s.title}</Text>
              <Text className='mall-slides__subtitle'>{s.subtitle}</Text>
              <Button className='btn-pill mall-slides__view' onClick={() => void Taro.navigateTo({ url: slideUrl(s) })}>
                {t('mall.view')}
              </Button>
            </View>
          </View>
        ),
      })),
    [slides, t],
  )
  return (
    <View className='mall-slides'>
      <Pager id='mall-slides' className='mall-slides' pages={pages} label={(n, total) => t('mall.slide', { n, total })} onPage={setIndex} />
      <Text className='mall-slides__counter' aria-live='polite'>
        {index + 1} / {slides.length}
      </Text>
    </View>
  )
}
