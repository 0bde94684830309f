import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import PageFrame from '@/components/PageFrame'
import { isLoggedIn } from '@/core/session'
import AccountHeader from '@/features/account/AccountHeader'
import AccountMenu from '@/features/account/AccountMenu'

/** My account (tab): who I am, or the way to log in; then my entries, language and about. */
export default function PersonalIndexPage() {
  const [loggedIn, setLoggedIn] = useState(isLoggedIn)
  // Coming back from Authorization (or a -1 elsewhere) changes who is here.
  useDidShow(() => setLoggedIn(isLoggedIn()))

  return (
    <PageFrame route='pages/personal/index'>
      <AccountHeader loggedIn={loggedIn} />
      <AccountMenu loggedIn={loggedIn} onLoggedOut={() => setLoggedIn(false)} />
    </PageFrame>
  )
}
