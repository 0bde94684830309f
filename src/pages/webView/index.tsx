import { WebView } from '@tarojs/components'
import Taro from '@tarojs/taro'
import PageFrame from '@/components/PageFrame'
import { EmptyState } from '@/components/StateView'
import { checkWebUrl, parseAllowedHosts } from '@/features/webView/allowList'
import { useT } from '@/features/webView/messages'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

const ALLOWED = parseAllowedHosts(process.env.TARO_APP_WEBVIEW_HOSTS)

/** Embedded page: only https on the allowed hosts; anything else shows why and never loads. */
export default function WebViewIndexPage() {
  const t = useT()
  const params = usePageParams()
  const verdict = checkWebUrl(params.url, ALLOWED)
  return (
    <PageFrame route='pages/webView/index'>
      {verdict.ok ? (
        <WebView src={verdict.url} />
      ) : (
        <EmptyState title={t('web.refused')} hint={t(`web.refused.${verdict.reason}`)} actionText={t('nav.home')} onAction={() => void Taro.switchTab({ url: routeUrl('pages/index/index') })} />
      )}
    </PageFrame>
  )
}
