import { useDidHide, useDidShow } from '@tarojs/taro'
import { useEffect, useRef } from 'react'
import { onInvalidate } from '@/core/cache'

/**
 * A screen's data asked again in the background (`ask`) when the screen shows again after being hidden (back from
 * another page or tab), and when a write changes kept answers while it shows (src/core/cache.ts invalidate). The
 * request client serves what is still fresh, so within the freshness window most of these ask the server nothing.
 */
export function useAskAgainOnReturn(enabled: boolean, ask: () => void): void {
  const hidden = useRef(false)
  const latest = useRef<(() => void) | null>(null)
  latest.current = enabled ? ask : null
  useDidHide(() => {
    hidden.current = true
  })
  // Only after a hide: the page's first show is the mount's (and a part mounted on a shown page sees no first show).
  useDidShow(() => {
    if (!hidden.current) return
    hidden.current = false
    latest.current?.()
  })
  useEffect(
    () =>
      onInvalidate(() => {
        if (!hidden.current) latest.current?.()
      }),
    [],
  )
}
