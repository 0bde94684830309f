import { Image } from '@tarojs/components'
import { useMemo } from 'react'
import Pager from '@/components/Pager'
import { assetUrl } from '@/core/request'
import { useT } from './messages'

/** The product's pictures, paged (components/Pager): no autoplay, the shopper is looking at the product. */
export default function Pictures({ images, name }: { images: string[]; name: string }) {
  const t = useT()
  const pages = useMemo(
    () => images.map((src, i) => ({ key: src, node: <Image className='flash-pictures__img' src={assetUrl(src)} mode='aspectFill' nativeProps={{ alt: i === 0 ? name : '' }} /> })),
    [images, name],
  )
  return <Pager id='flash-pictures' className='flash-pictures' pages={pages} label={(n, total) => t('flash.picture', { n, total })} />
}
