import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
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
  // A logged-out shopper's screen, drawn by the HTML, is what the first render draws.
  useFirstScreenReplaced()
  useDidShow(() => {
    const requested = takeRequestedOrdersTab()
    if (requested) setTab(requested)
  })
  return (
    <PageFrame route='pages/orders/index'>
      {signedIn ? (
        // Back from paying or an order's page the list shows what it had and checks page 1 in the background, swapping in
        // what changed (usePagedList; a write or the freshness window, src/core/cache.ts, decide whether it asks).
        <OrderList key={tab} tab={tab} onTab={setTab} />
      ) : (
        <EmptyState title={t('orders.loginHint')} actionText={t('orders.login')} onAction={() => goToLogin(routeUrl('pages/orders/index'))} />
      )}
    </PageFrame>
  )
}
