import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Embedded web page — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function WebViewIndexPage() {
  const t = useT()
  return (
    <PageFrame route='pages/webView/index'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
