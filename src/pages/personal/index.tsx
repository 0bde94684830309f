import { useLayoutEffect } from 'react'
import { isStaff, useProfile } from '@/api/account'
import PageFrame from '@/components/PageFrame'
import AccountHeader from '@/features/account/AccountHeader'
import AccountMenu from '@/features/account/AccountMenu'
import { firstScreen } from '@/platform/shell'

/** My account (tab): who I am, or the way to log in; my card and orders; then entries, language, about. */
export default function PersonalIndexPage() {
  // Coming back from Authorization, a payment or a -1 elsewhere changes what is here.
  const profile = useProfile({ reloadOnReturn: true })
  // H5: the screen the HTML drew for a shopper not logged in (server/shell.ts) goes in this first render, which draws
  // the same (a kept session had it dropped before it showed).
  useLayoutEffect(() => firstScreen.shown(), [])
  return (
    <PageFrame route='pages/personal/index'>
      <AccountHeader loggedIn={profile.signedIn} profile={profile.data} loading={profile.loading} error={profile.error} onRetry={() => void profile.reload()} />
      <AccountMenu loggedIn={profile.signedIn} staff={isStaff(profile.data?.user)} onLoggedOut={profile.recheck} />
    </PageFrame>
  )
}
