import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { requestStoreShop } from '@/api/storeShop'
import { EmptyState } from '@/components/StateView'
import type { ShopCoupon, ShopCouponList } from '@/contract/storeShop'
import { COUPON_USES, COUPON_VALIDITY, COUPON_VALUE_TYPES } from '@/contract/storeShopEndpoints'
import { businessToday } from '@/core/clock'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { centsToYuan } from '@/core/format'
import { errorMessage } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { couponDraftProblem, couponPayload, newCoupon, type CouponDraft } from './drafts'
import { reasonWords, useT } from './messages'
import './shop.css'

interface Props {
  data: ShopCouponList
  onChanged: (list: ShopCouponList) => void
}

/** A coupon's value in words: "¥8 off over ¥50", "20 % off, up to ¥5". */
export function couponValueText(t: ReturnType<typeof useT>, c: Pick<ShopCoupon, 'value_type' | 'amount' | 'percent_off' | 'min_spend'>): string {
  const value = c.value_type === 'percent' ? t('shop.percentOff', { percent: c.percent_off ?? 0, cap: centsToYuan(c.amount) }) : t('shop.amountOff', { amount: centsToYuan(c.amount) })
  return c.min_spend > 0 ? `${value} · ${t('shop.over', { amount: centsToYuan(c.min_spend) })}` : `${value} · ${t('shop.noThreshold')}`
}

/**
 * The shop's coupons (issue 44): each with its terms, how many were claimed (of how many) and used, and whether it is
 * still issued; stop issuing one (asked first); issue a new one — a value or a percentage with a cap, threshold,
 * where it is used, quantity, per-person limit, a window or days from the claim — checked as typed by the server's rules.
 */
export default function ShopCoupons({ data, onChanged }: Props) {
  const t = useT()
  const [form, setForm] = useState<CouponDraft | null>(null)
  const stop = useAction(async (c: ShopCoupon) => {
    if (!(await confirmAction(t('shop.stopAsk', { title: c.title }), t('shop.stop'), t('shop.cancel')))) return
    try {
      onChanged(await requestStoreShop('hui_shanghu.store_coupon/stop', { id: c.id }))
      toastSuccess(t('shop.stopped'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })

  return (
    <View className='shop-page shop-coupons'>
      {form ? (
        <CouponForm
          draft={form}
          onChange={setForm}
          onCancel={() => setForm(null)}
          onSaved={(list) => {
            setForm(null)
            onChanged(list)
          }}
        />
      ) : (
        <Button className='btn-pill shop-coupons__new' onClick={() => setForm(newCoupon(businessToday()))}>
          {t('shop.issueCoupon')}
        </Button>
      )}
      {data.list.length === 0 ? (
        <EmptyState title={t('shop.couponsEmpty')} hint={t('shop.couponsEmptyHint')} />
      ) : (
        data.list.map((c) => (
          <View key={c.id} className={`shop-box shop-coupon shop-coupon--${c.state}`}>
            <View className='shop-box__head'>
              <Text className='shop-coupon__title' role='heading' aria-level={2}>
                {c.title}
              </Text>
              <Text className={`shop-badge shop-badge--${c.state}`}>{t(`shop.state.${c.state}`)}</Text>
            </View>
            <Text className='shop-coupon__value'>{couponValueText(t, c)}</Text>
            <Text className='shop-note'>
              {t(`shop.use.${c.use_at}`)} ·{' '}
              {c.validity === 'window' ? t('shop.validWindow', { from: c.valid_from ?? '', to: c.valid_to ?? '' }) : t('shop.validDays', { n: c.valid_days ?? 0 })} · {t('shop.perPersonIs', { n: c.per_person })}
            </Text>
            <View className='shop-coupon__counts'>
              <Text className='shop-coupon__claimed'>{t('shop.claimedOf', { n: c.claimed, of: c.quantity ?? '∞' })}</Text>
              <Text className='shop-coupon__used'>{t('shop.usedN', { n: c.used })}</Text>
            </View>
            {c.state === 'issuing' && (
              <Button className='btn-outline shop-btn shop-coupon__stop' size='mini' disabled={stop.busy || undefined} aria-label={t('shop.stopLabel', { title: c.title })} onClick={() => void stop.run(c)}>
                {t('shop.stop')}
              </Button>
            )}
          </View>
        ))
      )}
    </View>
  )
}

function CouponForm({ draft, onChange, onCancel, onSaved }: { draft: CouponDraft; onChange: (d: CouponDraft) => void; onCancel: () => void; onSaved: (list: ShopCouponList) => void }) {
  const t = useT()
  const [dirty, setDirty] = useState(false)
  const problem = couponDraftProblem(draft, businessToday())
  const shown = dirty ? problem : null
  const update = (next: CouponDraft) => {
    onChange(next)
    setDirty(true)
  }
  const save = useAction(async () => {
    setDirty(true)
    if (problem) return toastError(reasonWords(t, problem))
    try {
      onSaved(await requestStoreShop('hui_shanghu.store_coupon/save', couponPayload(draft)))
      toastSuccess(t('shop.couponIssued'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  const field = (key: keyof CouponDraft, label: string, opts: { type?: 'digit' | 'number' | 'text'; max: number; hint?: string; reasons: string[] }) => (
    <View className={`shop-field shop-coupon-form__${key}`}>
      <Text className='shop-label' id={`shop-coupon-${key}`}>
        {label}
      </Text>
      <Input
        className={`shop-input${shown && opts.reasons.includes(shown) ? ' shop-input--bad' : ''}`}
        type={opts.type ?? 'text'}
        maxlength={opts.max}
        value={String(draft[key])}
        placeholder={opts.hint ?? ''}
        nativeProps={{ 'aria-labelledby': `shop-coupon-${key}`, 'aria-invalid': shown && opts.reasons.includes(shown) ? 'true' : 'false' }}
        onInput={(e) => update({ ...draft, [key]: e.detail.value })}
      />
    </View>
  )
  const chips = <K extends 'value_type' | 'use_at' | 'validity'>(key: K, values: ReadonlyArray<CouponDraft[K]>, label: string, word: (v: CouponDraft[K]) => string) => (
    <View className='shop-field'>
      <Text className='shop-label' id={`shop-coupon-${key}`}>
        {label}
      </Text>
      <View className='shop-chips' role='radiogroup' aria-labelledby={`shop-coupon-${key}`}>
        {values.map((v) => (
          <Text key={v} className={`shop-chip shop-coupon-form__${key}-${v}${draft[key] === v ? ' shop-chip--on' : ''}`} role='radio' aria-checked={draft[key] === v} tabIndex={0} onClick={() => update({ ...draft, [key]: v })}>
            {word(v)}
          </Text>
        ))}
      </View>
    </View>
  )

  return (
    <View className='shop-box shop-coupon-form' role='form' aria-label={t('shop.issueCoupon')}>
      <Text className='shop-section'>{t('shop.issueCoupon')}</Text>
      {field('title', t('shop.couponTitle'), { max: 20, hint: t('shop.couponTitleHint'), reasons: ['coupon_title_invalid'] })}
      {chips('value_type', COUPON_VALUE_TYPES, t('shop.couponKind'), (v) => t(v === 'percent' ? 'shop.kindPercent' : 'shop.kindAmount'))}
      {draft.value_type === 'percent' && field('percent_off', t('shop.percentOffLabel'), { type: 'number', max: 2, reasons: ['coupon_percent_invalid'] })}
      {field('amount', t(draft.value_type === 'percent' ? 'shop.capYuan' : 'shop.valueYuan'), { type: 'digit', max: 7, hint: '0.00', reasons: ['coupon_amount_invalid', 'coupon_cap_invalid', 'coupon_amount_over_min'] })}
      {field('min_spend', t('shop.minSpendYuan'), { type: 'digit', max: 8, hint: '0.00', reasons: ['coupon_min_spend_invalid', 'coupon_amount_over_min'] })}
      {chips('use_at', COUPON_USES, t('shop.useAt'), (v) => t(`shop.use.${v}`))}
      {field('quantity', t('shop.quantity'), { type: 'number', max: 6, reasons: ['coupon_quantity_invalid'] })}
      {field('per_person', t('shop.perPerson'), { type: 'number', max: 2, reasons: ['coupon_per_person_invalid'] })}
      {chips('validity', COUPON_VALIDITY, t('shop.validity'), (v) => t(v === 'days' ? 'shop.validityDays' : 'shop.validityWindow'))}
      {draft.validity === 'days'
        ? field('valid_days', t('shop.validDaysLabel'), { type: 'number', max: 3, reasons: ['coupon_validity_invalid'] })
        : (
          <>
            {field('valid_from', t('shop.validFrom'), { max: 10, hint: 'YYYY-MM-DD', reasons: ['coupon_validity_invalid'] })}
            {field('valid_to', t('shop.validTo'), { max: 10, hint: 'YYYY-MM-DD', reasons: ['coupon_validity_invalid'] })}
          </>
        )}
      {shown && (
        <Text className='shop-error shop-coupon-form__error' role='alert'>
          {reasonWords(t, shown)}
        </Text>
      )}
      <Text className='shop-note'>{t('shop.couponRule')}</Text>
      <View className='shop-actions shop-form-actions'>
        <Button className='btn-outline shop-actions__btn shop-coupon-form__cancel' disabled={save.busy || undefined} onClick={onCancel}>
          {t('shop.cancel')}
        </Button>
        <Button className='btn-pill shop-actions__btn shop-coupon-form__save' disabled={save.busy || undefined} loading={save.busy} onClick={() => void save.run()}>
          {t('shop.issue')}
        </Button>
      </View>
    </View>
  )
}
