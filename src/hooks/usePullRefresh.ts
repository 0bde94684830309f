import Taro, { usePullDownRefresh } from '@tarojs/taro'

/**
 * Pull-to-refresh of a screen that lists changing data: the pull asks the server again (`reload`, e.g. a paged
 * list's `refresh`), and the page's spinner stops when the answer is in, whatever it was. The page's config must
 * say `enablePullDownRefresh: true` (without it neither target lets the shopper pull); __tests__/pages/pullRefresh.test.tsx
 * lists every such route and checks both.
 */
export function usePullRefresh(reload: () => Promise<unknown>): void {
  usePullDownRefresh(() => {
    void reload()
      .catch(() => undefined)
      .finally(() => void Taro.stopPullDownRefresh())
  })
}

