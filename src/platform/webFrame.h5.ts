import type { WebFrame } from './webFrame.types'

/** H5: Taro's `<web-view>` draws an `<iframe>` with no title (a frame screen readers cannot name); it gets one. */
export const webFrame: WebFrame = {
  name(container, title) {
    const apply = (): boolean => {
      const frame = document.querySelector<HTMLIFrameElement>(`${container} iframe`)
      if (frame) frame.title = title
      return Boolean(frame)
    }
    if (apply()) return () => undefined
    const observer = new MutationObserver(() => {
      if (apply()) observer.disconnect()
    })
    observer.observe(document.body, { childList: true, subtree: true })
    return () => observer.disconnect()
  },
}
