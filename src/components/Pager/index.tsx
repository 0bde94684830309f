import { View } from '@tarojs/components'
import { memo, useCallback, useState, type ReactNode } from 'react'
import SideScroll from '@/components/SideScroll'
import { pager } from '@/platform/pager'
import './index.css'

export interface PagerPage {
  key: string
  node: ReactNode
}

interface Props {
  /** The scroller's element id (the platform measures a page by it). */
  id: string
  pages: PagerPage[]
  /** "Picture 2 of 3": each page's and dot's name for screen readers. */
  label: (n: number, total: number) => string
  /** The block's class (its height and look come from the screen: `${className}__strip`, `__page`). */
  className: string
  /** Called with the page on screen. */
  onPage?: (index: number) => void
}

/**
 * A horizontal pager: a CSS scroll-snap strip (the finger moves it natively on both targets; no swiper library,
 * which costs Home its first load and ResizeObserver on iOS 12) and dots that say which page shows and go to one.
 * No autoplay. Home's banner is its own (it autoplays).
 */
export default function Pager({ id, pages, label, className, onPage }: Props) {
  const n = pages.length
  const [index, setIndex] = useState(0)
  const [left, setLeft] = useState(0)
  const [page, setPage] = useState(0)
  const onScroll = useCallback(
    (e: { detail: { scrollLeft: number; scrollWidth: number } }) => {
      const width = e.detail.scrollWidth > 0 ? e.detail.scrollWidth / n : 0
      if (width > 0) {
        setPage(width)
        const at = Math.min(n - 1, Math.max(0, Math.round(e.detail.scrollLeft / width)))
        setIndex(at)
        onPage?.(at)
      }
    },
    [n, onPage],
  )
  const go = (i: number) => {
    const width = page || pager.pageWidth(id)
    setIndex(i)
    onPage?.(i)
    setLeft((prev) => (prev === i * width ? i * width + 0.5 : i * width))
  }
  return (
    <View className={`pager ${className}`}>
      <Strip id={id} pages={pages} label={label} className={className} left={left} onScroll={onScroll} />
      {n > 1 && (
        <View className={`pager__dots ${className}__dots`}>
          {pages.map((p, i) => (
            <View
              key={p.key}
              className={`pager__dot${i === index ? ' pager__dot--on' : ''}`}
              role='button'
              tabIndex={0}
              aria-label={label(i + 1, n)}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </View>
      )}
    </View>
  )
}

interface StripProps {
  id: string
  pages: PagerPage[]
  label: Props['label']
  className: string
  left: number
  onScroll: (e: { detail: { scrollLeft: number; scrollWidth: number } }) => void
}

/** Rendered again only when the position to show or the pages change (Taro's H5 ScrollView writes scrollLeft on every render). */
const Strip = memo(
  function Strip({ id, pages, label, className, left, onScroll }: StripProps) {
    return (
      <SideScroll id={id} className={`pager__strip ${className}__strip`} paging animated={pager.animates} scrollLeft={left} onScroll={onScroll}>
        {pages.map((p, i) => (
          // Each page can take the keyboard's focus, so the scroller can be reached and moved without a finger.
          <View key={p.key} className={`pager__page ${className}__page`} role='group' tabIndex={0} aria-label={label(i + 1, pages.length)}>
            {p.node}
          </View>
        ))}
      </SideScroll>
    )
  },
  (a, b) => a.left === b.left && a.id === b.id && a.className === b.className && a.onScroll === b.onScroll && a.pages.map((p) => p.key).join('|') === b.pages.map((p) => p.key).join('|'),
)
