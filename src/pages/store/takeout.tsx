import { useDidShow } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { STORE_TAKEOUT_TABS, type StoreTakeoutTab } from '@/api/store'
import LoginNeeded from '@/components/LoginNeeded'
import PageFrame from '@/components/PageFrame'
import StoreTakeoutList from '@/features/store/StoreTakeoutList'
import { useSignedIn } from '@/hooks/useSignedIn'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** The store's takeout orders (workbench): new, in progress, done. `tab=progress|done` opens on that tab. */
export default function StoreTakeoutPage() {
  const params = usePageParams()
  const [tab, setTab] = useState<StoreTakeoutTab>(() => ((STORE_TAKEOUT_TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as StoreTakeoutTab) : 'accept'))
  const gate = useSignedIn(routeUrl('pages/store/takeout', { tab: params.tab }))
  // Back from an order (accepted, refused, sent out): the list shows what changed.
  const [version, setVersion] = useState(0)
  const shown = useRef(false)
  useDidShow(() => {
    if (shown.current) setVersion((v) => v + 1)
    shown.current = true
  })
  return (
    <PageFrame route='pages/store/takeout'>
      {gate.signedIn ? <StoreTakeoutList key={`${tab}-${version}`} tab={tab} onTab={setTab} /> : <LoginNeeded returnTo={routeUrl('pages/store/takeout')} />}
    </PageFrame>
  )
}
