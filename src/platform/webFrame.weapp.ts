import type { WebFrame } from './webFrame.types'

/** weapp: `<web-view>` is a native layer the app cannot name; WeChat's bar above it carries the title. */
export const webFrame: WebFrame = { name: () => () => undefined }
