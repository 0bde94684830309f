import { useRouter } from '@tarojs/taro'

/** The page's query parameters; empty when there is no router (a page mounted on its own in tests). */
export function usePageParams(): Record<string, string | undefined> {
  return useRouter()?.params ?? {}
}
