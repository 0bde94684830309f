import { useDidShow } from '@tarojs/taro'
import { useRef, useState } from 'react'
import PageFrame from '@/components/PageFrame'
import { request } from '@/core/request'
import { isLoggedIn } from '@/core/session'
import AccountHeader from '@/features/account/AccountHeader'
import AccountMenu from '@/features/account/AccountMenu'
import { useQuery } from '@/hooks/useQuery'

/** My account (tab): who I am, or the way to log in; my card and orders; then entries, language, about. */
export default function PersonalIndexPage() {
  const [loggedIn, setLoggedIn] = useState(isLoggedIn)
  const profile = useQuery(() => request('personal.user/info', {}), [loggedIn], loggedIn)
  // Coming back from Authorization, a payment or a -1 elsewhere changes what is here.
  const firstShow = useRef(true)
  useDidShow(() => {
    // The first show is the initial load, already under way.
    if (firstShow.current) {
      firstShow.current = false
      return
    }
    const now = isLoggedIn()
    if (now !== loggedIn) setLoggedIn(now)
    else if (now) void profile.reload()
  })

  return (
    <PageFrame route='pages/personal/index'>
      <AccountHeader loggedIn={loggedIn} profile={profile.data} loading={profile.loading} error={profile.error} onRetry={() => void profile.reload()} />
      <AccountMenu loggedIn={loggedIn} onLoggedOut={() => setLoggedIn(false)} />
    </PageFrame>
  )
}
