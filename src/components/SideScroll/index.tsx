import { ScrollView, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import './index.css'

/**
 * A row that scrolls sideways (the mall's gallery and categories, the flash-sale sessions). weapp: a ScrollView.
 * H5: a View that scrolls by CSS — Taro's H5 ScrollView stops every touchmove from bubbling, so a pull-to-refresh
 * started on it (these rows sit at the top, where a shopper pulls) did nothing (issue 24).
 */
export default function SideScroll({ className, children }: { className: string; children: ReactNode }) {
  if (process.env.TARO_ENV === 'h5') return <View className={`side-scroll ${className}`}>{children}</View>
  return (
    <ScrollView className={className} scrollX showScrollbar={false}>
      {children}
    </ScrollView>
  )
}
