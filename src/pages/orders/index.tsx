import { useDidShow } from '@tarojs/taro'
import { useRef, useState } from 'react'
import PageFrame from '@/components/PageFrame'
import { EmptyState } from '@/components/StateView'
import { useT } from '@/features/orders/messages'
import { goToLogin } from '@/core/session'
import OrderList from '@/features/orders/OrderList'
import { takeRequestedOrdersTab, type OrdersTab } from '@/core/ordersTab'
import { useSignedIn } from '@/hooks/useSignedIn'
import { routeUrl } from '@/routes'
import { useFirstScreenReplaced } from '@/hooks/useFirstScreenReplaced'

/** My orders (tab). */
export default function OrdersIndexPage() {
  const t = useT()
  const [tab, setTab] = useState<OrdersTab>(() => takeRequestedOrdersTab() ?? 'all')
  const { signedIn } = useSignedIn()
  const [version, setVersion] = useState(0)
  const shown = useRef(false)
  // A logged-out shopper's screen, drawn by the HTML, is what the first render draws.
  useFirstScreenReplaced()
  useDidShow(() => {
    const requested = takeRequestedOrdersTab()
    if (requested) setTab(requested)
    // Back from paying or an order's page: show what changed. Not on the first show: the list has just
    // loaded for it (a new key would mount it again and fetch the same page twice).
    if (shown.current) setVersion((v) => v + 1)
    shown.current = true
  })
  return (
    <PageFrame route='pages/orders/index'>
      {signedIn ? (
        <OrderList key={`${tab}-${version}`} tab={tab} onTab={setTab} />
      ) : (
        <EmptyState title={t('orders.loginHint')} actionText={t('orders.login')} onAction={() => goToLogin(routeUrl('pages/orders/index'))} />
      )}
    </PageFrame>
  )
}
