import { useProfile } from '@/api/account'
import PageFrame from '@/components/PageFrame'
import LoginNeeded from '@/components/LoginNeeded'
import DeleteAccount from '@/features/security/DeleteAccount'
import { routeUrl } from '@/routes'

/** Delete account (Me → 注销账号): what is erased and what is kept, then a confirmed deletion. */
export default function PersonalDeleteAccountPage() {
  const profile = useProfile({ returnTo: routeUrl('pages/personal/deleteAccount') })
  return <PageFrame route='pages/personal/deleteAccount'>{profile.loginTo ? <LoginNeeded returnTo={profile.loginTo} /> : <DeleteAccount profile={profile} />}</PageFrame>
}
