import { Button, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { inviteLink, requestStaff } from '@/api/staff'
import { QrCode } from '@/components/MemberCode'
import type { StaffInviteAnswer, StaffListAnswer, StaffMember } from '@/contract/storeStaff'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import './store.css'
import './staff.css'

const minuteOf = (text: string) => text.slice(0, 16)
const dayOf = (text: string) => text.slice(0, 10)

interface Props {
  data: StaffListAnswer
  /** The list as the server now has it (the answer to revoke and remove; after an invite, read again). */
  onChanged: (list: StaffListAnswer | null) => void
}

/**
 * The store's people (workbench → Staff): everyone with their role, owner first. The owner invites a colleague by a
 * one-time link (its QR code drawn here, the link to copy, its expiry), withdraws unused invites and removes staff
 * after a confirmation; staff see the list only. One write at a time.
 */
export default function StaffScreen({ data, onChanged }: Props) {
  const t = useT()
  const owner = data.my_role === 'owner'
  const [made, setMade] = useState<StaffInviteAnswer['invite'] | null>(null)
  // The invite's mini-program code (issue 40), when the server has one for it; else the link's QR code is drawn here.
  const [wxacode, setWxacode] = useState<string | null>(null)

  const act = useAction(async (kind: 'invite' | 'revoke' | 'remove', target?: number, name?: string) => {
    try {
      if (kind === 'invite') {
        const { invite } = await requestStaff('hui_shanghu.store_staff/invite', {})
        setWxacode(null)
        setMade(invite)
        onChanged(null)
        // The mini-program code is a picture WeChat makes; until (or unless) it comes, the link's QR code serves.
        // A picture is made; nothing a screen shows changes (no kept answer goes stale).
        requestStaff('hui_shanghu.store_staff/inviteCode', { code: invite.code }, { changes: ['hui_shanghu.store_staff/inviteCode'] }).then(
          (answer) => setWxacode(answer.image),
          () => undefined,
        )
        return
      }
      if (kind === 'revoke') {
        if (!(await confirmAction(t('staff.revokeAsk'), t('staff.revokeYes'), t('staff.cancel')))) return
        onChanged(await requestStaff('hui_shanghu.store_staff/revoke', { id: target ?? 0 }))
        toastSuccess(t('staff.revoked'))
        return
      }
      if (!(await confirmAction(t('staff.removeAsk', { name: name ?? '' }), t('staff.removeYes'), t('staff.cancel')))) return
      onChanged(await requestStaff('hui_shanghu.store_staff/remove', { user_id: target ?? 0 }))
      toastSuccess(t('staff.removed'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })

  const copy = (link: string) =>
    void Taro.setClipboardData({ data: link })
      .then(() => toastSuccess(t('staff.copied')))
      .catch(() => undefined)

  // Everyone is listed, the owner first, and counted (issue 39: "1 in all" is the owner); the empty note says there is
  // nobody else — only the owner can be alone on the list, so "besides you".
  const colleagues = data.staff.filter((m) => m.role !== 'owner')
  const row = (m: StaffMember) => (
    <View key={m.user_id} className='staff-member' role='listitem'>
      <View className='staff-member__who'>
        <View className='staff-member__line'>
          <Text className='staff-member__name'>{m.nickname}</Text>
          {m.is_me && <Text className='staff-member__me'>{t('staff.me')}</Text>}
          <Text className={`staff-member__role staff-member__role--${m.role}`}>{t(`staff.role.${m.role}`)}</Text>
        </View>
        <Text className='store-note staff-member__meta'>
          {m.phone} · {t('staff.since', { date: dayOf(m.since) })}
        </Text>
      </View>
      {owner && m.role === 'staff' && (
        <Button className='btn-outline staff-member__remove' size='mini' disabled={act.busy || undefined} aria-label={`${t('staff.remove')} ${m.nickname}`} onClick={() => void act.run('remove', m.user_id, m.nickname)}>
          {t('staff.remove')}
        </Button>
      )}
    </View>
  )

  const link = made ? inviteLink(made.code) : ''
  return (
    <View className='store-order staff'>
      <View className='store-box staff__head'>
        <Text className='staff__shop'>{data.shop.name}</Text>
        <Text className='store-note'>{t('staff.rights')}</Text>
      </View>

      {owner && !made && (
        <View className='store-box staff__invite'>
          <Button className='btn-pill staff__invite-btn' loading={act.busy || undefined} disabled={act.busy || undefined} onClick={() => void act.run('invite')}>
            {t('staff.invite')}
          </Button>
          <Text className='store-note staff__invite-hint'>{t('staff.inviteHint')}</Text>
        </View>
      )}

      {made && (
        <View className='store-box staff__made' role='region' aria-label={t('staff.inviteMade')}>
          <Text className='staff__made-title'>{t('staff.inviteMade')}</Text>
          <Text className='store-note staff__made-hint'>{t(wxacode ? 'staff.inviteScanWechat' : 'staff.inviteScan')}</Text>
          <View className='staff__qr'>
            {wxacode ? <Image className='staff__wxacode' src={wxacode} mode='scaleToFill' nativeProps={{ alt: t('staff.inviteWxacode') }} /> : <QrCode value={link} label={t('staff.inviteQr')} />}
          </View>
          <Text className='staff__link-label'>{t('staff.inviteLink')}</Text>
          <Text className='staff__link' userSelect>
            {link}
          </Text>
          <Text className='staff__expires'>{t('staff.expires', { time: minuteOf(made.expires_at) })}</Text>
          <Text className='store-note'>{t('staff.inviteOnce')}</Text>
          <View className='staff__made-actions'>
            <Button className='btn-pill staff__copy' onClick={() => copy(link)}>
              {t('staff.copy')}
            </Button>
            <Button className='btn-outline staff__done' onClick={() => setMade(null)}>
              {t('staff.done')}
            </Button>
          </View>
        </View>
      )}

      <View className='store-box staff__people'>
        <View className='staff__section-head'>
          <Text className='staff__section-title'>{t('staff.title')}</Text>
          <Text className='store-note staff__count'>{t('staff.count', { n: data.staff.length })}</Text>
        </View>
        <View className='staff__list' role='list'>
          {data.staff.map(row)}
        </View>
        {colleagues.length === 0 && (
          <View className='staff__empty'>
            <Text className='staff__empty-title'>{t('staff.empty')}</Text>
            <Text className='store-note'>{t('staff.emptyHint')}</Text>
          </View>
        )}
      </View>

      {owner && data.invites.length > 0 && (
        <View className='store-box staff__invites'>
          <Text className='staff__section-title'>{t('staff.openInvites')}</Text>
          <View role='list'>
            {data.invites.map((i) => (
              <View key={i.id} className='staff-invite' role='listitem'>
                <View className='staff-invite__when'>
                  <Text className='staff-invite__created'>{t('staff.openInvite', { created: minuteOf(i.created_at) })}</Text>
                  <Text className='store-note'>{t('staff.expires', { time: minuteOf(i.expires_at) })}</Text>
                </View>
                <Button className='btn-outline staff-invite__revoke' size='mini' disabled={act.busy || undefined} aria-label={`${t('staff.revoke')} ${t('staff.openInvite', { created: minuteOf(i.created_at) })}`} onClick={() => void act.run('revoke', i.id)}>
                  {t('staff.revoke')}
                </Button>
              </View>
            ))}
          </View>
        </View>
      )}

      {!owner && <Text className='store-note staff__staff-note'>{t('staff.staffNote')}</Text>}
    </View>
  )
}
