import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import FormSheet from '@/components/FormSheet'
import { requestStoreTakeout } from '@/api/store'
import type { ApiRes } from '@/contract/schemas'
import { toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import './store.css'

export type StoreTakeoutAnswer = ApiRes<'hui_shanghu.store_takeout/read'>

const REASON_MAX = 200
/** The usual reasons, one tap each; "other" opens a field. The chosen words are what the shopper reads. */
const REASONS = ['busy', 'soldOut', 'closing', 'far', 'other'] as const
type ReasonKey = (typeof REASONS)[number]
const PHONE = /^1\d{10}$/
const CODE = /^\d{6,32}$/

interface SheetProps {
  orderId: number
  onClose: () => void
  onDone: (answer: StoreTakeoutAnswer) => void
}

/** Refuse a new takeout order: a usual reason or one typed, then one submit (single-flight); refunded at once. */
export function RefuseSheet({ orderId, onClose, onDone }: SheetProps) {
  const t = useT()
  const [choice, setChoice] = useState<ReasonKey | null>(null)
  const [typed, setTyped] = useState('')
  const text = choice === 'other' ? typed.trim() : choice ? t(`storeTakeout.reason.${choice}`) : ''
  const ready = text.length > 0 && text.length <= REASON_MAX
  const submit = useAction(async () => {
    if (!ready) return
    try {
      const answer = await requestStoreTakeout('hui_shanghu.store_takeout/refuse', { id: orderId, reason: text })
      toastSuccess(t('storeTakeout.refused'))
      onDone(answer)
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  return (
    <FormSheet name='refuse-sheet' title={t('storeTakeout.refuseTitle')} busy={submit.busy} onClose={onClose}>
      <Text className='form-sheet__label'>{t('storeTakeout.refuseReason')}</Text>
      <View className='ship-sheet__carriers refuse-sheet__reasons' role='radiogroup' aria-label={t('storeTakeout.refuseReason')}>
        {REASONS.map((r) => (
          <Text
            key={r}
            className={`ship-sheet__carrier tap-slop refuse-sheet__reason refuse-sheet__reason--${r}${r === choice ? ' ship-sheet__carrier--on' : ''}`}
            role='radio'
            aria-checked={r === choice}
            tabIndex={0}
            onClick={() => setChoice(r)}
          >
            {t(`storeTakeout.reason.${r}`)}
          </Text>
        ))}
      </View>
      {choice === 'other' && (
        <Input
          className='form-sheet__field refuse-sheet__other'
          maxlength={REASON_MAX}
          focus
          placeholder={t('storeTakeout.refuseOther')}
          nativeProps={{ 'aria-label': t('storeTakeout.refuseOther') }}
          value={typed}
          onInput={(e) => setTyped(e.detail.value)}
        />
      )}
      {!ready && <Text className='form-sheet__hint'>{t('storeTakeout.refuseNeeded')}</Text>}
      <View className='form-sheet__actions'>
        <Button className='btn-outline form-sheet__btn refuse-sheet__keep' disabled={submit.busy || undefined} onClick={onClose}>
          {t('storeTakeout.refuseKeep')}
        </Button>
        <Button className='btn-pill form-sheet__btn refuse-sheet__submit' disabled={!ready || submit.busy || undefined} loading={submit.busy} onClick={() => void submit.run()}>
          {t('storeTakeout.refuseSubmit')}
        </Button>
      </View>
    </FormSheet>
  )
}

/** Out for delivery: the rider's name and phone, then one submit (single-flight). Nothing typed is lost on failure. */
export function DispatchSheet({ orderId, onClose, onDone }: SheetProps) {
  const t = useT()
  const [name, setName] = useState('')
  const [phone, setPhone] = useState('')
  const phoneOk = PHONE.test(phone.trim())
  const ready = name.trim().length > 0 && name.trim().length <= 20 && phoneOk
  const submit = useAction(async () => {
    if (!ready) return
    try {
      const answer = await requestStoreTakeout('hui_shanghu.store_takeout/dispatch', { id: orderId, rider_name: name.trim(), rider_phone: phone.trim() })
      toastSuccess(t('storeTakeout.dispatched'))
      onDone(answer)
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  return (
    <FormSheet name='dispatch-sheet' title={t('storeTakeout.dispatchTitle')} busy={submit.busy} onClose={onClose}>
      <Text className='form-sheet__label'>{t('storeTakeout.riderName')}</Text>
      <Input
        className='form-sheet__field dispatch-sheet__name'
        maxlength={20}
        placeholder={t('storeTakeout.riderNamePlaceholder')}
        nativeProps={{ 'aria-label': t('storeTakeout.riderName') }}
        value={name}
        onInput={(e) => setName(e.detail.value)}
      />
      <Text className='form-sheet__label'>{t('storeTakeout.riderPhone')}</Text>
      <Input
        className='form-sheet__field dispatch-sheet__phone'
        type='number'
        maxlength={11}
        placeholder={t('storeTakeout.riderPhonePlaceholder')}
        nativeProps={{ 'aria-label': t('storeTakeout.riderPhone') }}
        value={phone}
        onInput={(e) => setPhone(e.detail.value)}
      />
      {phone.trim() !== '' && !phoneOk && <Text className='form-sheet__hint dispatch-sheet__bad'>{t('storeTakeout.riderPhoneBad')}</Text>}
      <View className='form-sheet__actions'>
        <Button className='btn-outline form-sheet__btn dispatch-sheet__keep' disabled={submit.busy || undefined} onClick={onClose}>
          {t('storeTakeout.dispatchKeep')}
        </Button>
        <Button className='btn-pill form-sheet__btn dispatch-sheet__submit' disabled={!ready || submit.busy || undefined} loading={submit.busy} onClick={() => void submit.run()}>
          {t('storeTakeout.dispatchSubmit')}
        </Button>
      </View>
    </FormSheet>
  )
}

/** A pickup order collected: the shopper's pickup code (typed), then one submit (single-flight). */
export function PickupSheet({ onClose, onDone }: Omit<SheetProps, 'orderId'>) {
  const t = useT()
  const [code, setCode] = useState('')
  const typed = code.replace(/\s+/g, '')
  const valid = CODE.test(typed)
  const submit = useAction(async () => {
    if (!valid) return
    try {
      const answer = await requestStoreTakeout('hui_shanghu.store_takeout/verifyPickup', { code: typed })
      toastSuccess(t('storeTakeout.verified'))
      onDone(answer)
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  return (
    <FormSheet name='pickup-sheet' title={t('storeTakeout.verify')} busy={submit.busy} onClose={onClose}>
      <Text className='form-sheet__label'>{t('storeTakeout.code')}</Text>
      <Input
        className='form-sheet__field pickup-sheet__code'
        type='number'
        maxlength={32}
        focus
        placeholder={t('storeTakeout.codePlaceholder')}
        nativeProps={{ 'aria-label': t('storeTakeout.code') }}
        value={code}
        onInput={(e) => setCode(e.detail.value)}
      />
      {typed !== '' && !valid && <Text className='form-sheet__hint pickup-sheet__bad'>{t('storeTakeout.codeBad')}</Text>}
      <View className='form-sheet__actions'>
        <Button className='btn-outline form-sheet__btn pickup-sheet__keep' disabled={submit.busy || undefined} onClick={onClose}>
          {t('storeTakeout.verifyKeep')}
        </Button>
        <Button className='btn-pill form-sheet__btn pickup-sheet__submit' disabled={!valid || submit.busy || undefined} loading={submit.busy} onClick={() => void submit.run()}>
          {t('storeTakeout.verifySubmit')}
        </Button>
      </View>
    </FormSheet>
  )
}
