import { useSessions } from '@/api/account'
import PageFrame from '@/components/PageFrame'
import LoginNeeded from '@/components/LoginNeeded'
import SessionList from '@/features/security/SessionList'
import { routeUrl } from '@/routes'

/** Signed-in devices (Me → 登录设备): where this account is logged in; log out the others. */
export default function PersonalSessionsPage() {
  const query = useSessions({ returnTo: routeUrl('pages/personal/sessions') })
  return <PageFrame route='pages/personal/sessions'>{query.loginTo ? <LoginNeeded returnTo={query.loginTo} /> : <SessionList query={query} />}</PageFrame>
}
