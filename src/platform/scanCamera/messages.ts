import { defineMessages } from '@/core/i18n'

/** The H5 camera scanner's words (loaded with its chunk, when the scanner opens). */
export const { t, tables } = defineMessages({
  'zh-CN': {
    'scan.title': '扫码',
    'scan.hint': '将二维码放入框内，即可自动扫描',
    'scan.starting': '正在打开摄像头…',
    'scan.noCamera': '无法使用摄像头：请在浏览器设置中允许访问摄像头，或手动输入券码',
    'scan.type': '手动输入',
  },
  en: {
    'scan.title': 'Scan a code',
    'scan.hint': 'Put the QR code inside the frame: it scans by itself',
    'scan.starting': 'Opening the camera…',
    'scan.noCamera': 'The camera cannot be used: allow camera access in your browser settings, or type the code',
    'scan.type': 'Type the code',
  },
})
