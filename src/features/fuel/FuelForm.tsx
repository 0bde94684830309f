import { Button, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useEffect, useMemo, useState } from 'react'
import { PriceMovedError } from '@/api/fuel'
import { QUOTE_DEBOUNCE_MS, useOrderQuote } from '@/api/orders'
import AmountKeypad from '@/components/AmountKeypad'
import { amountToCents, type KeypadKey } from '@/components/AmountKeypad/amountInput'
import CouponChoice, { usableCoupons } from '@/components/CouponChoice'
import Money from '@/components/Money'
import QuoteError from '@/components/QuoteError'
import type { StationDetail } from '@/contract/fuel'
import type { UserCoupon } from '@/contract/member'
import type { OilOrderPayload, PriceQuote } from '@/contract/order'
import { confirmAction, toastInfo } from '@/core/feedback'
import { centsToYuan } from '@/core/format'
import { afterPay } from '@/payment/afterPay'
import { showPlace } from '@/components/PlaceMap/showPlace'
import { useT } from './messages'
import { amountProblem, fuelPayload, gradeOf, isAllDay, pressFuelKey, pumpOf, type FuelChoice } from './rules'
import { useFuelPay } from './useFuelPay'
import './fuel.css'

const KEYPAD_ID = 'fuel-keypad'

interface Props {
  station: StationDetail
  coupons: UserCoupon[]
  /** Shown above the form: an unpaid order of this shop waiting (components/PendingOrderNotice), from the page. */
  notice?: ReactNode
}

/** One station: grade → pump → amount on the keypad → the server's quote → pay; a moved price is confirmed first. */
export default function FuelForm({ station, coupons, notice }: Props) {
  const t = useT()
  const [choice, setChoice] = useState<FuelChoice>({ grade: null, pump: null, amount: '', couponId: null })
  const grade = gradeOf(station, choice.grade)
  const pump = pumpOf(station, choice.pump)
  const gradePrice = station.grades.find((g) => g.grade === grade)
  const amountCents = amountToCents(choice.amount) ?? 0
  const { pay, paying } = useFuelPay()
  // The amount is what the shopper types here: its keypad is open from the start, closed with "Done", opened
  // again by tapping the amount.
  const [keypadOpen, setKeypadOpen] = useState(true)

  // A coupon's minimum counts what is spent after the discounts, known once the server priced this amount.
  const [priced, setPriced] = useState<{ amount: number; discounts: number } | null>(null)
  const spend = priced && priced.amount === amountCents ? amountCents - priced.discounts : amountCents
  const usable = useMemo(() => usableCoupons(coupons, 'oil', spend, station.id), [coupons, spend, station.id])
  const chosenId = choice.couponId !== null && usable.some((c) => c.id === choice.couponId) ? choice.couponId : null

  const payload = useMemo<OilOrderPayload | null>(() => fuelPayload(station, { ...choice, couponId: chosenId }), [station, choice, chosenId])
  const { quote, loading, error, retryable, retry } = useOrderQuote(payload, { debounceMs: QUOTE_DEBOUNCE_MS })
  useEffect(() => {
    if (quote) setPriced({ amount: quote.original_amount, discounts: quote.discount_amount + quote.member_discount_amount })
  }, [quote])
  const tooLittle = amountProblem(choice.amount) === 'min'

  const onKey = (key: KeypadKey) => {
    const r = pressFuelKey(choice.amount, key)
    if (r.refused === 'decimals') toastInfo(t('fuel.tooManyDecimals'))
    if (r.refused === 'limit') toastInfo(t('fuel.overLimit'))
    setChoice((c) => ({ ...c, amount: r.value }))
  }

  const movedText = (fresh: PriceQuote, old: number) =>
    t('fuel.moved', {
      grade: fresh.oil?.grade ?? '',
      price: centsToYuan(fresh.oil?.litre_price ?? 0),
      old: centsToYuan(old),
      litres: (fresh.oil?.litres ?? 0).toFixed(2),
      pay: centsToYuan(fresh.pay_amount),
    })
  // One line, so __tests__/core/dialogButtons.test.ts measures its buttons (the platforms refuse long ones).
  const confirmMoved = (fresh: PriceQuote, old: number) => confirmAction(movedText(fresh, old), t('fuel.movedConfirm'), t('fuel.movedCancel'))

  const submit = async () => {
    if (!payload || !quote?.oil) return
    let quoted = quote.oil.litre_price
    // A moved price: the shopper sees the new figure and confirms it (then it is paid at it) or stays.
    for (let round = 0; round < 3; round++) {
      const outcome = await pay({ ...payload, quoted_price: quoted })
      if (!(outcome instanceof PriceMovedError)) return afterPay(outcome)
      retry()
      const newPrice = outcome.quote.oil?.litre_price
      if (newPrice === undefined || !(await confirmMoved(outcome.quote, quoted))) return
      quoted = newPrice
    }
  }

  const openPlace = () => void showPlace({ lat: station.lat, lng: station.lng, name: station.name, address: station.address })

  return (
    <View className='fuel-form'>
      {notice}
      <View className='fuel-form__station'>
        <Text className='fuel-form__name'>{station.name}</Text>
        <Text className='fuel-station__meta'>
          {station.brand} · {isAllDay(station.hours) ? t('fuel.allDay') : t('fuel.hours', { hours: station.hours })}
        </Text>
        <Text className='fuel-form__address tap-slop' role='link' tabIndex={0} aria-label={t('fuel.openMap', { name: `${station.name} ${station.address}` })} onClick={openPlace}>
          {station.address} ›
        </Text>
      </View>

      <View className='fuel-form__section' role='group' aria-label={t('fuel.grade')}>
        <Text className='fuel-form__label'>{t('fuel.grade')}</Text>
        <View className='fuel-form__chips'>
          {station.grades.map((g) => (
            <View
              key={g.grade}
              className={`fuel-chip fuel-chip--grade${g.grade === grade ? ' fuel-chip--on' : ''}`}
              role='button'
              tabIndex={0}
              aria-pressed={g.grade === grade}
              onClick={() => setChoice((c) => ({ ...c, grade: g.grade }))}
            >
              <Text className='fuel-chip__title'>{g.grade}</Text>
              <Text className='fuel-chip__member'>
                {t('fuel.memberPrice')} {t('fuel.perLitre', { price: centsToYuan(g.member_price) })}
              </Text>
              <Text className='fuel-chip__list'>
                {t('fuel.listPrice')} {t('fuel.perLitre', { price: centsToYuan(g.price) })}
              </Text>
            </View>
          ))}
        </View>
      </View>

      <View className='fuel-form__section' role='group' aria-label={t('fuel.pump')}>
        <Text className='fuel-form__label'>{t('fuel.pump')}</Text>
        <View className='fuel-form__chips'>
          {station.pumps.map((n) => (
            <View
              key={n}
              className={`fuel-chip fuel-chip--pump tap-slop${n === pump ? ' fuel-chip--on' : ''}`}
              role='button'
              tabIndex={0}
              aria-pressed={n === pump}
              onClick={() => setChoice((c) => ({ ...c, pump: n }))}
            >
              {t('fuel.pumpNo', { n })}
            </View>
          ))}
        </View>
        {pump === null && <Text className='fuel-form__note'>{t('fuel.pickPump')}</Text>}
      </View>

      <View className='fuel-form__rows'>
        {gradePrice && (
          <Row label={t('fuel.listPrice')} value={t('fuel.perLitre', { price: centsToYuan(quote?.oil?.litre_price ?? gradePrice.price) })} className='fuel-form__list-price' />
        )}
        {gradePrice && (
          <Row label={t('fuel.memberPrice')} value={t('fuel.perLitre', { price: centsToYuan(quote?.oil?.member_litre_price ?? gradePrice.member_price) })} className='fuel-form__member-price' />
        )}
        {quote?.oil && <Row label={t('fuel.litres')} value={t('fuel.litresValue', { litres: quote.oil.litres.toFixed(2) })} className='fuel-form__litres' />}
        {quote && quote.discount_amount > 0 && <Row label={t('fuel.stationDiscount')} value={`-¥${centsToYuan(quote.discount_amount)}`} className='fuel-form__minus' />}
        {quote && quote.member_discount_amount > 0 && <Row label={t('fuel.cardDiscount')} value={`-¥${centsToYuan(quote.member_discount_amount)}`} className='fuel-form__minus' />}
        <CouponChoice className='fuel-form__row fuel-form__coupon' usable={usable} chosenId={chosenId} onChange={(id) => setChoice((c) => ({ ...c, couponId: id }))} amountOff={quote?.coupon_amount} savingOnly />
      </View>
      <QuoteError error={error} retryable={retryable} onRetry={retry} />

      {/* The amount, the total and the keypad stay at the bottom of the screen (sticky) however long the station's
          grades and pumps are: the keypad is on screen whenever the amount is being typed (issue 24). */}
      <View className={`fuel-form__dock${keypadOpen ? '' : ' fuel-form__dock--closed'}`}>
        <View className='fuel-form__amount'>
          <View className='fuel-form__amount-field' role='button' tabIndex={0} aria-expanded={keypadOpen} aria-controls={KEYPAD_ID} onClick={() => setKeypadOpen(true)}>
            <Text className='fuel-form__amount-label'>{t('fuel.amount')}</Text>
            <Text className={`fuel-form__amount-value${choice.amount ? '' : ' fuel-form__amount-value--empty'}`}>{choice.amount ? `¥${choice.amount}` : t('fuel.amountPlaceholder')}</Text>
          </View>
          {keypadOpen && (
            <Text className='fuel-form__keypad-done' role='button' tabIndex={0} aria-controls={KEYPAD_ID} onClick={() => setKeypadOpen(false)}>
              {t('fuel.keypadDone')}
            </Text>
          )}
        </View>
        {tooLittle && (
          <Text className='fuel-form__field-error' role='alert'>
            {t('fuel.minAmount')}
          </Text>
        )}
      <View className='fuel-form__bar'>
        <View className='fuel-form__total'>
          <Text className='fuel-form__payable-label'>{t('fuel.payable')}</Text>
          {quote ? <Money className='fuel-form__payable' cents={quote.pay_amount} /> : <Text className='fuel-form__payable fuel-form__payable--pending'>{loading ? t('fuel.quoting') : '¥0.00'}</Text>}
        </View>
        <Button className='btn-pill fuel-form__pay' disabled={!quote || paying || undefined} loading={paying} onClick={() => void submit()}>
          {t('fuel.pay')}
        </Button>
      </View>
      {keypadOpen && <AmountKeypad id={KEYPAD_ID} label={t('fuel.amount')} onKey={onKey} backLabel={t('common.delete')} />}
      </View>
    </View>
  )
}

function Row({ label, value, className }: { label: string; value: string; className: string }) {
  return (
    <View className={`fuel-form__row ${className}`}>
      <Text>{label}</Text>
      <Text className='fuel-form__row-value'>{value}</Text>
    </View>
  )
}
