import { ScrollView, View } from '@tarojs/components'
import { useEffect, useRef, type ReactNode } from 'react'
import './SideScroll.css'

export interface SideScrollEvent {
  detail: { scrollLeft: number; scrollWidth: number }
}

interface Props {
  className: string
  children: ReactNode
  /** The element's id (required with `scrollLeft`/`onScroll`: H5 finds the element by it). */
  id?: string
  /** A position to move to (px); a paging strip (Home's banner, Pager) sets it when a dot is chosen or it autoplays. */
  scrollLeft?: number
  /** weapp: snap page by page (scroll-view `enhanced pagingEnabled`); H5 snaps by the screen's CSS (scroll-snap). */
  paging?: boolean
  /** weapp: animate a position given (H5 animates by the screen's CSS `scroll-behavior`). */
  animated?: boolean
  onScroll?: (e: SideScrollEvent) => void
}

/**
 * A row that scrolls sideways (Home's banner and flash strip, the mall's gallery and categories, the flash-sale
 * sessions, pagers). weapp: a ScrollView. H5: a View that scrolls by CSS — Taro's H5 ScrollView stops every touchmove
 * from bubbling, so a pull-to-refresh started on it (these rows sit at the top, where a shopper pulls) did nothing
 * (issue 24).
 */
export default function SideScroll({ className, children, id, scrollLeft, paging = false, animated = false, onScroll }: Props) {
  const handler = useRef(onScroll)
  handler.current = onScroll
  const h5 = process.env.TARO_ENV === 'h5'
  // H5: the position given, written once per change (not on every render: a swipe is never pulled back).
  useEffect(() => {
    if (!h5 || !id || scrollLeft === undefined) return
    const el = document.getElementById(id)
    if (el && Math.abs(el.scrollLeft - scrollLeft) >= 1) el.scrollLeft = scrollLeft
  }, [h5, id, scrollLeft])
  // H5: the element's own scroll events, in the ScrollView's shape.
  useEffect(() => {
    if (!h5 || !id) return undefined
    const el = document.getElementById(id)
    if (!el) return undefined
    const listen = () => handler.current?.({ detail: { scrollLeft: el.scrollLeft, scrollWidth: el.scrollWidth } })
    el.addEventListener('scroll', listen, { passive: true })
    return () => el.removeEventListener('scroll', listen)
  }, [h5, id])
  if (h5) return <View id={id} className={`side-scroll ${className}`}>{children}</View>
  return (
    <ScrollView
      id={id}
      className={className}
      scrollX
      showScrollbar={false}
      enhanced={paging || undefined}
      pagingEnabled={paging || undefined}
      scrollWithAnimation={animated}
      scrollLeft={scrollLeft}
      onScroll={onScroll}
    >
      {children}
    </ScrollView>
  )
}
