import Taro from '@tarojs/taro'
import type { Pager } from './pager.types'

/** No DOM: a page of a full-width scroller is the window less its margins, 48rpx of the 750rpx design (home.css). */
export const pager: Pager = {
  pageWidth: () => (Taro.getSystemInfoSync().windowWidth * 702) / 750,
  animates: true,
  mayAutoplay: () => true,
}
