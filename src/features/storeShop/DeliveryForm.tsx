import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { requestStoreShop } from '@/api/storeShop'
import type { MenuEditorAnswer, MenuWriteAnswer } from '@/contract/storeShop'
import { DELIVERY_LIMITS } from '@/contract/storeShopEndpoints'
import { toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { deliveryDraftOf, deliveryDraftProblem, deliveryPayload, type DeliveryDraft } from './drafts'
import { reasonWords, useT } from './messages'
import './shop.css'

interface Props {
  menu: MenuEditorAnswer
  onSaved: (menu: MenuWriteAnswer) => void
}

/**
 * Takeout's delivery settings (issue 44): the takeout category the shop is listed under, opening periods (the same every
 * day; 24:00 closes at midnight, a close before the open runs past midnight), the delivery range, fee steps by
 * distance, packing fee per order, minimum order, preparation time, pickup. The first save starts takeout for the shop.
 * Checked as typed by the server's rules; the server's clock decides open or closed.
 */
export default function DeliveryForm({ menu, onSaved }: Props) {
  const t = useT()
  const [draft, setDraft] = useState<DeliveryDraft>(() => deliveryDraftOf(menu))
  const [dirty, setDirty] = useState(false)
  const problem = deliveryDraftProblem(draft)
  const shownProblem = dirty ? problem : null
  const update = (next: DeliveryDraft) => {
    setDraft(next)
    setDirty(true)
  }
  const save = useAction(async () => {
    setDirty(true)
    if (problem) return toastError(reasonWords(t, problem))
    try {
      onSaved(await requestStoreShop('hui_shanghu.store_menu/saveDelivery', deliveryPayload(draft)))
      toastSuccess(t('shop.saved'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  const bad = (...reasons: string[]) => (shownProblem !== null && reasons.includes(shownProblem) ? ' shop-input--bad' : '')
  const money = (key: 'packing_fee' | 'min_order', label: string, reason: string) => (
    <View className={`shop-field shop-delivery__${key}`}>
      <Text className='shop-label' id={`shop-delivery-${key}`}>
        {label}
      </Text>
      <Input className={`shop-input${bad(reason)}`} type='digit' maxlength={7} value={draft[key]} nativeProps={{ 'aria-labelledby': `shop-delivery-${key}` }} onInput={(e) => update({ ...draft, [key]: e.detail.value })} />
    </View>
  )

  return (
    <View className='shop-page shop-delivery' role='form' aria-label={t('shop.delivery')}>
      {!menu.takeout && <Text className='shop-note shop-delivery__first'>{t('shop.deliveryFirst')}</Text>}
      <View className='shop-box'>
        <View className='shop-field'>
          <Text className='shop-label' id='shop-delivery-category'>
            {t('shop.takeoutCategory')}
          </Text>
          <View className='shop-chips' role='radiogroup' aria-labelledby='shop-delivery-category'>
            {menu.takeout_categories.map((c) => (
              <Text key={c.id} className={`shop-chip${draft.category_id === c.id ? ' shop-chip--on' : ''}`} role='radio' aria-checked={draft.category_id === c.id} tabIndex={0} onClick={() => update({ ...draft, category_id: c.id })}>
                {c.name}
              </Text>
            ))}
          </View>
        </View>

        <View className='shop-field'>
          <Text className='shop-label'>{t('shop.hours')}</Text>
          <Text className='shop-note'>{t('shop.hoursHint')}</Text>
          {draft.hours.map((h, i) => (
            <View key={i} className='shop-inline shop-delivery__period'>
              <Input
                className={`shop-input shop-input--short${bad('takeout_hours_invalid')}`}
                maxlength={5}
                value={h.open}
                placeholder='10:00'
                nativeProps={{ 'aria-label': t('shop.opensAt', { n: i + 1 }) }}
                onInput={(e) => update({ ...draft, hours: draft.hours.map((x, j) => (j === i ? { ...x, open: e.detail.value } : x)) })}
              />
              <Text aria-hidden='true'>–</Text>
              <Input
                className={`shop-input shop-input--short${bad('takeout_hours_invalid')}`}
                maxlength={5}
                value={h.close}
                placeholder='21:00'
                nativeProps={{ 'aria-label': t('shop.closesAt', { n: i + 1 }) }}
                onInput={(e) => update({ ...draft, hours: draft.hours.map((x, j) => (j === i ? { ...x, close: e.detail.value } : x)) })}
              />
              {draft.hours.length > 1 && (
                <Button className='btn-outline shop-btn' size='mini' aria-label={t('shop.removePeriod', { n: i + 1 })} onClick={() => update({ ...draft, hours: draft.hours.filter((_, j) => j !== i) })}>
                  {t('shop.remove')}
                </Button>
              )}
            </View>
          ))}
          {draft.hours.length < DELIVERY_LIMITS.periods.max && (
            <Text className='shop-link' role='button' tabIndex={0} onClick={() => update({ ...draft, hours: [...draft.hours, { open: '17:00', close: '21:00' }] })}>
              {t('shop.addPeriod')}
            </Text>
          )}
        </View>

        <View className='shop-field shop-delivery__radius'>
          <Text className='shop-label' id='shop-delivery-radius'>
            {t('shop.radiusKm')}
          </Text>
          <Input className={`shop-input shop-input--short${bad('takeout_radius_invalid')}`} type='digit' maxlength={4} value={draft.radius_km} nativeProps={{ 'aria-labelledby': 'shop-delivery-radius' }} onInput={(e) => update({ ...draft, radius_km: e.detail.value })} />
          <Text className='shop-note'>{t('shop.radiusHint')}</Text>
        </View>

        <View className='shop-field shop-delivery__tiers'>
          <Text className='shop-label'>{t('shop.feeTiers')}</Text>
          {draft.tiers.map((tier, i) => (
            <View key={i} className='shop-inline shop-delivery__tier'>
              <Text className='shop-delivery__within'>{t('shop.upToKm')}</Text>
              <Input
                className={`shop-input shop-input--short${bad('takeout_fee_tiers_invalid')}`}
                type='digit'
                maxlength={4}
                value={tier.km}
                nativeProps={{ 'aria-label': t('shop.tierKm', { n: i + 1 }) }}
                onInput={(e) => update({ ...draft, tiers: draft.tiers.map((x, j) => (j === i ? { ...x, km: e.detail.value } : x)) })}
              />
              <Text>{t('shop.kmFee')}</Text>
              <Input
                className={`shop-input shop-input--short${bad('takeout_fee_tiers_invalid')}`}
                type='digit'
                maxlength={5}
                value={tier.fee}
                nativeProps={{ 'aria-label': t('shop.tierFee', { n: i + 1 }) }}
                onInput={(e) => update({ ...draft, tiers: draft.tiers.map((x, j) => (j === i ? { ...x, fee: e.detail.value } : x)) })}
              />
              {draft.tiers.length > 1 && (
                <Button className='btn-outline shop-btn' size='mini' aria-label={t('shop.removeTier', { n: i + 1 })} onClick={() => update({ ...draft, tiers: draft.tiers.filter((_, j) => j !== i) })}>
                  {t('shop.remove')}
                </Button>
              )}
            </View>
          ))}
          {draft.tiers.length < DELIVERY_LIMITS.tiers.max && (
            <Text className='shop-link' role='button' tabIndex={0} onClick={() => update({ ...draft, tiers: [...draft.tiers, { km: '', fee: '' }] })}>
              {t('shop.addTier')}
            </Text>
          )}
        </View>

        {money('packing_fee', t('shop.orderPackingYuan'), 'takeout_packing_invalid')}
        {money('min_order', t('shop.minOrderYuan'), 'takeout_min_order_invalid')}
        <View className='shop-field shop-delivery__prep'>
          <Text className='shop-label' id='shop-delivery-prep'>
            {t('shop.prepMinutes')}
          </Text>
          <Input className={`shop-input shop-input--short${bad('takeout_prep_invalid')}`} type='number' maxlength={3} value={draft.prep_minutes} nativeProps={{ 'aria-labelledby': 'shop-delivery-prep' }} onInput={(e) => update({ ...draft, prep_minutes: e.detail.value })} />
        </View>
        <View className='shop-field'>
          <Text className='shop-label' id='shop-delivery-pickup'>
            {t('shop.pickup')}
          </Text>
          <View className='shop-chips' role='radiogroup' aria-labelledby='shop-delivery-pickup'>
            {([true, false] as const).map((v) => (
              <Text key={String(v)} className={`shop-chip shop-delivery__pickup-${v ? 'yes' : 'no'}${draft.pickup === v ? ' shop-chip--on' : ''}`} role='radio' aria-checked={draft.pickup === v} tabIndex={0} onClick={() => update({ ...draft, pickup: v })}>
                {t(v ? 'shop.pickupAllowed' : 'shop.pickupNotAllowed')}
              </Text>
            ))}
          </View>
        </View>
        {shownProblem && (
          <Text className='shop-error shop-delivery__error' role='alert'>
            {reasonWords(t, shownProblem)}
          </Text>
        )}
      </View>
      <View className='shop-actions shop-form-actions'>
        <Button className='btn-pill shop-actions__btn shop-delivery__save' disabled={save.busy || undefined} loading={save.busy} onClick={() => void save.run()}>
          {t('shop.save')}
        </Button>
      </View>
    </View>
  )
}
