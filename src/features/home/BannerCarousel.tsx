import { useDidHide, useDidShow } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ModuleListAnswer } from '@/contract/site'
import { assetUrl } from '@/core/request'
import { pager } from '@/platform/pager'
import BannerCarouselView, { BANNERS_ID as ID } from '@/views/home/BannerCarouselView'
import { useT } from './messages'
/** Long enough to read a title and decide. WCAG 2.2.2 asks for a way to stop it: a finger on it holds it, a dot stops it. */
export const AUTOPLAY_MS = 4000

interface Props {
  banners: ModuleListAnswer['banners']
  onOpen: (path: string) => void
}

/**
 * The Home banner (drawn by BannerCarouselView): a CSS scroll-snap pager (the finger moves it natively on both targets), dots that say which
 * banner shows and go to one, and autoplay that waits while a finger is on it or Home is hidden, stops once a dot
 * is chosen, and never starts when reduced motion is asked for. No swiper library: Taro's H5 Swiper would add ~50 KB gzip to Home.
 */
export default function BannerCarousel({ banners, onOpen }: Props) {
  const t = useT()
  const n = banners.length
  const [index, setIndex] = useState(0)
  const [left, setLeft] = useState(0)
  const [held, setHeld] = useState(false)
  const [shown, setShown] = useState(true)
  // A dot chosen is the shopper taking over: autoplay stops for this visit of Home.
  const [stopped, setStopped] = useState(false)
  const page = useRef(0)
  const at = useRef(0)
  at.current = index

  const go = (i: number) => {
    const width = page.current || pager.pageWidth(ID)
    setIndex(i)
    const target = i * width
    // The same value again is no change to the scroller (the finger may have moved it since): half a pixel the snap removes.
    setLeft((prev) => (prev === target ? target + 0.5 : target))
  }
  useDidShow(() => setShown(true))
  useDidHide(() => setShown(false))
  useEffect(() => {
    if (n < 2 || held || stopped || !shown || !pager.mayAutoplay()) return undefined
    const timer = setInterval(() => go((at.current + 1) % n), AUTOPLAY_MS)
    return () => clearInterval(timer)
  }, [n, held, stopped, shown])

  // Stable, so the scroller does not render again when only the dot changes (see Pages).
  const onScroll = useCallback(
    (e: { detail: { scrollLeft: number; scrollWidth: number } }) => {
      const { scrollLeft, scrollWidth } = e.detail
      if (scrollWidth > 0) page.current = scrollWidth / n
      if (page.current > 0) setIndex(Math.min(n - 1, Math.max(0, Math.round(scrollLeft / page.current))))
    },
    [n],
  )
  return (
    <BannerCarouselView
      t={t}
      banners={banners}
      index={index}
      picture={assetUrl}
      left={left}
      animated={pager.animates}
      onScroll={onScroll}
      onOpen={onOpen}
      onDot={(i) => {
        setStopped(true)
        go(i)
      }}
      onHold={() => setHeld(true)}
      onRelease={() => setHeld(false)}
    />
  )
}
