import PageFrame from '@/components/PageFrame'
import LoginNeeded from '@/components/LoginNeeded'
import { request } from '@/core/request'
import DeleteAccount from '@/features/security/DeleteAccount'
import { useLoginRequired } from '@/hooks/useLoginRequired'
import { useQuery } from '@/hooks/useQuery'
import { routeUrl } from '@/routes'

const RETURN_TO = routeUrl('pages/personal/deleteAccount')

/** Delete account (Me → 注销账号): what is erased and what is kept, then a confirmed deletion. */
export default function PersonalDeleteAccountPage() {
  const loggedIn = useLoginRequired(RETURN_TO)
  const profile = useQuery(() => request('personal.user/info', {}), [], loggedIn)
  return <PageFrame route='pages/personal/deleteAccount'>{loggedIn ? <DeleteAccount profile={profile} /> : <LoginNeeded returnTo={RETURN_TO} />}</PageFrame>
}
