import { View, WebView } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect } from 'react'
import PageFrame from '@/components/PageFrame'
import { EmptyState } from '@/components/StateView'
import { checkWebUrl, parseAllowedHosts } from '@/features/webView/allowList'
import { useT } from '@/features/webView/messages'
import { usePageParams } from '@/hooks/usePageParams'
import { webFrame } from '@/platform/webFrame'
import { routeUrl } from '@/routes'
import './index.css'

const ALLOWED = parseAllowedHosts(process.env.TARO_APP_WEBVIEW_HOSTS)

/**
 * Embedded page: only https on the allowed hosts; anything else shows why and never loads. The page keeps a
 * navigation bar above the frame: the app's on H5, WeChat's on weapp (index.config.ts).
 */
export default function WebViewIndexPage() {
  const t = useT()
  const params = usePageParams()
  const verdict = checkWebUrl(params.url, ALLOWED)
  const frameTitle = verdict.ok ? t('web.frame', { host: /^https:\/\/([^/?#:]+)/i.exec(verdict.url)?.[1] ?? '' }) : ''
  useEffect(() => (frameTitle ? webFrame.name('.web-page__frame', frameTitle) : undefined), [frameTitle])
  return (
    <PageFrame route='pages/webView/index' fill={verdict.ok}>
      {verdict.ok ? (
        <View className='web-page__frame'>
          <WebView src={verdict.url} />
        </View>
      ) : (
        <EmptyState title={t('web.refused')} hint={t(`web.refused.${verdict.reason}`)} actionText={t('nav.home')} onAction={() => void Taro.switchTab({ url: routeUrl('pages/index/index') })} />
      )}
    </PageFrame>
  )
}
