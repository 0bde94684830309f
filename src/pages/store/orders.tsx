import { useState } from 'react'
import LoginNeeded from '@/components/LoginNeeded'
import PageFrame from '@/components/PageFrame'
import StoreOrderList, { STORE_TODOS, type StoreStatusTab, type StoreTodo } from '@/features/store/StoreOrderList'
import { useSignedIn } from '@/hooks/useSignedIn'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/**
 * Store orders (workbench): what needs doing, or every order by status. `todo=verify|refund` opens on that filter.
 * Back from an order (approved, rejected, verified, shipped: writes that invalidate the kept lists) the list asks for
 * its first page again by itself and swaps in what changed, keeping the pages scrolled to (usePagedList).
 */
export default function StoreOrdersPage() {
  const params = usePageParams()
  const [todo, setTodo] = useState<StoreTodo>(() => (STORE_TODOS as readonly string[]).includes(params.todo ?? '') ? (params.todo as StoreTodo) : 'all')
  const [status, setStatus] = useState<StoreStatusTab>('all')
  const gate = useSignedIn(routeUrl('pages/store/orders', { todo: params.todo }))
  return (
    <PageFrame route='pages/store/orders'>
      {gate.signedIn ? (
        <StoreOrderList key={`${todo}-${status}`} todo={todo} status={status} onTodo={setTodo} onStatus={setStatus} enabled />
      ) : (
        <LoginNeeded returnTo={routeUrl('pages/store/orders')} />
      )}
    </PageFrame>
  )
}
