import LoginNeeded from '@/components/LoginNeeded'
import PageFrame from '@/components/PageFrame'
import VerifyPanel from '@/features/store/VerifyPanel'
import { useSignedIn } from '@/hooks/useSignedIn'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Verify (workbench): a redemption code → its order → confirm; a member card code → the member. */
export default function StoreVerifyPage() {
  const params = usePageParams()
  const gate = useSignedIn(routeUrl('pages/store/verify'))
  return <PageFrame route='pages/store/verify'>{gate.signedIn ? <VerifyPanel initialCode={params.code ?? ''} /> : <LoginNeeded returnTo={routeUrl('pages/store/verify')} />}</PageFrame>
}
