import Taro from '@tarojs/taro'
import { isDeadInvite, useInvite } from '@/api/staff'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { EmptyState } from '@/components/StateView'
import { errorMessage } from '@/core/request'
import JoinInvite from '@/features/store/JoinInvite'
import { useT } from '@/features/store/messages'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'
import { inviteCodeOfScene } from '@/contract/storeEndpoints'

const CODE = /^[A-Za-z0-9_-]{16,64}$/

/**
 * The invite link (`/pages/store/join?code=…`), or the invite's mini-program code scanned in WeChat (issue 40: the page
 * opens with `scene=i%3D<code>`): logged out, the SMS login first and back here; then the store that invites and
 * "Join <shop>". A link that cannot be used (incomplete, used, expired, withdrawn) says so, with the way back.
 */
export default function StoreJoinPage() {
  const t = useT()
  const params = usePageParams()
  const raw = params.code ?? inviteCodeOfScene(params.scene)
  const code = CODE.test(raw) ? raw : ''
  // An incomplete link asks no login: there is nothing to come back to.
  const query = useInvite(code, { returnTo: code ? routeUrl('pages/store/join', { code }) : undefined })
  const back = () => void Taro.switchTab({ url: routeUrl('pages/personal/index') })
  return (
    <PageFrame route='pages/store/join'>
      {!code ? (
        <EmptyState title={t('join.bad')} hint={t('join.badHint')} actionText={t('join.backMe')} onAction={back} />
      ) : isDeadInvite(query.error) ? (
        <EmptyState title={t('join.cannot')} hint={errorMessage(query.error)} actionText={t('join.backMe')} onAction={back} />
      ) : (
        <LoadState loading={query.loading && !query.data} error={query.error} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={3}>
          {query.data && <JoinInvite code={code} invite={query.data} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
