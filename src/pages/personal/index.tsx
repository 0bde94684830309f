import { isStaff, useProfile } from '@/api/account'
import PageFrame from '@/components/PageFrame'
import AccountHeader from '@/features/account/AccountHeader'
import AccountMenu from '@/features/account/AccountMenu'

/** My account (tab): who I am, or the way to log in; my card and orders; then entries, language, about. */
export default function PersonalIndexPage() {
  // Coming back from Authorization, a payment or a -1 elsewhere changes what is here.
  const profile = useProfile({ reloadOnReturn: true })
  return (
    <PageFrame route='pages/personal/index'>
      <AccountHeader loggedIn={profile.signedIn} profile={profile.data} loading={profile.loading} error={profile.error} onRetry={() => void profile.reload()} />
      <AccountMenu loggedIn={profile.signedIn} staff={isStaff(profile.data?.user)} onLoggedOut={profile.recheck} />
    </PageFrame>
  )
}
