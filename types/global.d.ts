/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'

declare namespace NodeJS {
  interface ProcessEnv {
    /** NOT for use in src/: pick platform code with x.weapp.ts / x.h5.ts files. */
    TARO_ENV: 'weapp' | 'h5'
    TARO_APP_API_BASE?: string
    TARO_APP_API_BASE_WEAPP?: string
    TARO_APP_MAP_KEY?: string
    TARO_APP_WEBVIEW_HOSTS?: string
  }
}
