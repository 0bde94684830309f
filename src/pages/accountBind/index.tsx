import { useEffect, useState } from 'react'
import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { ErrorState } from '@/components/StateView'
import { useT } from '@/features/auth/messages'
import { errorMessage } from '@/core/request'
import BindForm from '@/features/auth/BindForm'
import { wxAuth } from '@/platform/wxAuth'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Authorization: bind a phone, then back to the page that sent the shopper here. */
export default function AccountBindPage() {
  const t = useT()
  const params = usePageParams()
  const redirect = params.redirect ? decodeURIComponent(params.redirect) : undefined
  const [state, setState] = useState<'preparing' | 'ready' | 'redirecting' | { error: unknown }>('preparing')

  const prepare = () => {
    setState('preparing')
    const here = routeUrl('pages/accountBind/index', { redirect: redirect || undefined })
    wxAuth.prepare(params, here).then(setState, (error: unknown) => setState({ error }))
  }
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(prepare, [])

  return (
    <PageFrame route='pages/accountBind/index'>
      {state === 'ready' && <BindForm redirect={redirect} />}
      {(state === 'preparing' || state === 'redirecting') && <Skeleton rows={2} label={state === 'redirecting' ? t('auth.redirecting') : t('common.loading')} />}
      {typeof state === 'object' && <ErrorState title={t('common.loadFailed')} message={errorMessage(state.error)} retryText={t('common.retry')} onRetry={prepare} />}
    </PageFrame>
  )
}
