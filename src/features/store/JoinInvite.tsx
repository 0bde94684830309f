import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { rememberJoined, requestStaff } from '@/api/staff'
import { EmptyState } from '@/components/StateView'
import type { InviteReadAnswer } from '@/contract/storeStaff'
import { useState } from 'react'
import { toastError, toastSuccess } from '@/core/feedback'
import { ApiError, errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import { routeUrl } from '@/routes'
import './store.css'
import './staff.css'

const backToMe = () => void Taro.switchTab({ url: routeUrl('pages/personal/index') })
const toWorkbench = () => void Taro.redirectTo({ url: routeUrl('pages/store/index') })

/**
 * The invite link's screen, logged in: which store invites, until when, and "Join <shop>" → staff of that store, on
 * to the workbench. Someone already staff (here or elsewhere) is told so instead of offered the button; a refusal on
 * joining (used meanwhile, expired, withdrawn) is said in place, with the way back. One tap, one request.
 */
export default function JoinInvite({ code, invite }: { code: string; invite: InviteReadAnswer }) {
  const t = useT()
  // A refusal (used meanwhile, expired, withdrawn, already staff) is the screen's answer; a network failure a toast.
  const [refusal, setRefusal] = useState<ApiError | null>(null)
  const join = useAction(async () => {
    try {
      const answer = await requestStaff('hui_shanghu.store_invite/accept', { code })
      rememberJoined(answer.shop.id)
      toastSuccess(t('join.joined'))
      toWorkbench()
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'business') setRefusal(e)
      else toastError(errorMessage(e))
    }
  })

  if (invite.my_shop) {
    const here = invite.my_shop.id === invite.shop.id
    return here ? (
      <EmptyState title={t('join.alreadyHere', { shop: invite.my_shop.name })} actionText={t('join.openWorkbench')} onAction={toWorkbench} />
    ) : (
      <EmptyState title={t('join.cannot')} hint={t('join.alreadyElsewhere', { shop: invite.my_shop.name })} actionText={t('join.backMe')} onAction={backToMe} />
    )
  }
  if (refusal) return <EmptyState title={t('join.cannot')} hint={refusal.message} actionText={t('join.backMe')} onAction={backToMe} />

  return (
    <View className='join'>
      <View className='join__card'>
        <Text className='join__shop'>{invite.shop.name}</Text>
        <Text className='join__invited'>{t('join.invited', { shop: invite.shop.name })}</Text>
        <Text className='join__what'>{t('join.what')}</Text>
        <Text className='join__expires'>{t('join.expires', { time: invite.expires_at.slice(0, 16) })}</Text>
        <Button className='btn-pill join__btn' loading={join.busy || undefined} disabled={join.busy || undefined} onClick={() => void join.run()}>
          {t('join.join', { shop: invite.shop.name })}
        </Button>
      </View>
    </View>
  )
}
