import Taro from '@tarojs/taro'
import { startFirstAnswers } from '@/core/firstAnswers'
import { captureLaunchParams } from '@/core/launch'
import { launchQuery } from './launchQuery'
import type { FirstScreen, LaunchAnswers } from './firstScreen.types'

export const firstScreen: FirstScreen = { shown: () => undefined }

export const launchAnswers: LaunchAnswers = {
  start() {
    let path: string | undefined
    try {
      path = Taro.getLaunchOptionsSync().path
    } catch {
      return
    }
    // The launch's referral is kept first (useLaunch keeps it too): the page's calls carry it, so these must.
    captureLaunchParams(launchQuery.current())
    startFirstAnswers(path)
  },
}
