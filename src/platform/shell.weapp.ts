import Taro from '@tarojs/taro'
import { startFirstCalls } from '@/core/firstCalls'
import { captureLaunchParams } from '@/core/launch'
import { launchQuery } from './launchQuery'
import type { FirstScreen, LaunchCalls } from './shell.types'

export const firstScreen: FirstScreen = { shown: () => undefined }

export const launchCalls: LaunchCalls = {
  start() {
    let path: string | undefined
    try {
      path = Taro.getLaunchOptionsSync().path
    } catch {
      return
    }
    // The launch's referral is kept first (useLaunch keeps it too): the page's calls carry it, so these must.
    captureLaunchParams(launchQuery.current())
    startFirstCalls(path)
  },
}
