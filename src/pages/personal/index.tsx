import { isStaff, useProfile } from '@/api/account'
import PageFrame from '@/components/PageFrame'
import AccountHeader from '@/features/account/AccountHeader'
import AccountMenu from '@/features/account/AccountMenu'
import { useFirstScreenReplaced } from '@/hooks/useFirstScreenReplaced'

/** My account (tab): who I am, or the way to log in; my card and orders; then entries, language, about. */
export default function PersonalIndexPage() {
  // Coming back from Authorization, a payment or a -1 elsewhere changes what is here: the profile is checked again on
  // every return (useQuery; kept answers make that free within the freshness window, src/core/cache.ts).
  const profile = useProfile()
  // A logged-out shopper's screen, drawn by the HTML, is what the first render draws.
  useFirstScreenReplaced()
  return (
    <PageFrame route='pages/personal/index'>
      <AccountHeader loggedIn={profile.signedIn} profile={profile.data} loading={profile.loading} error={profile.error} onRetry={() => void profile.reload()} />
      <AccountMenu loggedIn={profile.signedIn} staff={isStaff(profile.data?.user)} onLoggedOut={profile.recheck} />
    </PageFrame>
  )
}
