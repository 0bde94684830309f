import { defineMessages } from '@/core/i18n'

/** This feature's words, loaded with its screens (not in the app's first load). */
export const { t, useT, keys, tables } = defineMessages({
  'zh-CN': {
    'code.resolving': '正在识别二维码…',
    'code.unknown': '无法识别的二维码',
    'code.unknownHint': '请确认扫描的是一卡通商户码',
    'code.home': '返回首页',
  },
  en: {
    'code.resolving': 'Reading the code…',
    'code.unknown': 'Unknown code',
    'code.unknownHint': 'Make sure you scanned a One Card Pass shop code',
    'code.home': 'Back home',
  },
})
