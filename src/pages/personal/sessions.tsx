import PageFrame from '@/components/PageFrame'
import LoginNeeded from '@/components/LoginNeeded'
import { request } from '@/core/request'
import SessionList from '@/features/security/SessionList'
import { useLoginRequired } from '@/hooks/useLoginRequired'
import { useQuery } from '@/hooks/useQuery'
import { useReloadOnReturn } from '@/hooks/useReloadOnReturn'
import { routeUrl } from '@/routes'

const RETURN_TO = routeUrl('pages/personal/sessions')

/** Signed-in devices (Me → 登录设备): where this account is logged in; log out the others. */
export default function PersonalSessionsPage() {
  const loggedIn = useLoginRequired(RETURN_TO)
  const query = useQuery(() => request('personal.user/sessions', {}), [], loggedIn)
  useReloadOnReturn(query.reload, loggedIn)
  return <PageFrame route='pages/personal/sessions'>{loggedIn ? <SessionList query={query} /> : <LoginNeeded returnTo={RETURN_TO} />}</PageFrame>
}
