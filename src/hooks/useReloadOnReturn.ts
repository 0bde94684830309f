import { useDidShow } from '@tarojs/taro'
import { useRef } from 'react'

/**
 * Reload when the shopper comes back to this screen (every show but the first: the first load is the
 * query's own), e.g. back from Add/edit address or from paying for a card.
 */
export function useReloadOnReturn(reload: () => Promise<void>, enabled = true): void {
  const first = useRef(true)
  useDidShow(() => {
    if (first.current) {
      first.current = false
      return
    }
    if (enabled) void reload()
  })
}
