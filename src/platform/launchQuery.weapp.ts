import Taro from '@tarojs/taro'
import type { LaunchQuery, Query } from './launchQuery.types'

export const launchQuery: LaunchQuery = {
  current(showOptions) {
    if (showOptions?.query) return showOptions.query
    try {
      return (Taro.getLaunchOptionsSync().query ?? {}) as Query
    } catch {
      return {}
    }
  },
}
