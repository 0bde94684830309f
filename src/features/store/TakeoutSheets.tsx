import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import FormSheet from '@/components/FormSheet'
import { requestStoreTakeout } from '@/api/store'
import type { ApiRes } from '@/contract/schemas'
import { toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { TAKEOUT_REFUSAL_REASONS, type TakeoutRefusalReason } from '@/contract/storeReasons'
import { useAction } from '@/hooks/useAction'
import ReasonPicker, { reasonPayload, type ReasonChoice } from './ReasonPicker'
import './store.css'

export type StoreTakeoutAnswer = ApiRes<'hui_shanghu.store_takeout/read'>

const PHONE = /^1\d{10}$/
const CODE = /^\d{6,32}$/

interface SheetProps {
  orderId: number
  onClose: () => void
  onDone: (answer: StoreTakeoutAnswer) => void
}

/**
 * Refuse a new takeout order: a usual reason (sent as its code: the shopper reads it in their language) or the store's
 * own words, then one submit (single-flight); refunded at once. Refuse is off until a reason that shows is given.
 */
export function RefuseSheet({ orderId, onClose, onDone }: SheetProps) {
  const t = useT()
  const [choice, setChoice] = useState<ReasonChoice<TakeoutRefusalReason>>(null)
  const reason = reasonPayload(choice)
  const submit = useAction(async () => {
    if (!reason) return
    try {
      const answer = await requestStoreTakeout('hui_shanghu.store_takeout/refuse', { id: orderId, ...reason })
      toastSuccess(t('storeTakeout.refused'))
      onDone(answer)
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  return (
    <FormSheet name='refuse-sheet' title={t('storeTakeout.refuseTitle')} busy={submit.busy} onClose={onClose}>
      <ReasonPicker
        name='refuse-sheet'
        label={t('storeTakeout.refuseReason')}
        codes={TAKEOUT_REFUSAL_REASONS}
        choice={choice}
        onChange={setChoice}
        otherPlaceholder={t('storeTakeout.refuseOther')}
      />
      {!reason && <Text className='form-sheet__hint'>{t('storeTakeout.refuseNeeded')}</Text>}
      <View className='form-sheet__actions'>
        <Button className='btn-outline form-sheet__btn refuse-sheet__keep' disabled={submit.busy || undefined} onClick={onClose}>
          {t('storeTakeout.refuseKeep')}
        </Button>
        <Button className='btn-pill form-sheet__btn refuse-sheet__submit' disabled={!reason || submit.busy || undefined} loading={submit.busy} onClick={() => void submit.run()}>
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
