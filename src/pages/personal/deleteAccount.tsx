import { useDeletionCheck, useProfile } from '@/api/account'
import PageFrame from '@/components/PageFrame'
import LoginNeeded from '@/components/LoginNeeded'
import DeleteAccount from '@/features/security/DeleteAccount'
import { routeUrl } from '@/routes'

/** Delete account (Me → 注销账号): the orders that block it first, what is erased and what is kept, then a confirmed deletion. */
export default function PersonalDeleteAccountPage() {
  const profile = useProfile({ returnTo: routeUrl('pages/personal/deleteAccount') })
  // What would stop the deletion, asked first (issue 39) and again on every return (an order finished meanwhile).
  const check = useDeletionCheck({ enabled: profile.signedIn, reloadOnReturn: true })
  return <PageFrame route='pages/personal/deleteAccount'>{profile.loginTo ? <LoginNeeded returnTo={profile.loginTo} /> : <DeleteAccount profile={profile} check={check} />}</PageFrame>
}
