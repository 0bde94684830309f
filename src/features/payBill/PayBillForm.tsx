import { Button, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useEffect, useMemo, useState } from 'react'
import { QUOTE_DEBOUNCE_MS, useOrderQuote } from '@/api/orders'
import CouponChoice, { usableCoupons } from '@/components/CouponChoice'
import Money from '@/components/Money'
import type { Shop, UserCoupon } from '@/contract/member'
import type { OrderPayload } from '@/contract/order'
import { alertMessage, toastInfo } from '@/core/feedback'
import { centsToYuan, toMoneyWords } from '@/core/format'
import { useT } from '@/features/payBill/messages'
import { requireLogin } from '@/core/session'
import { afterPay } from '@/payment/afterPay'
import { usePay } from '@/hooks/usePay'
import { amountToCents, isPayableAmount, pressKey, type KeypadKey } from '@/components/AmountKeypad/amountInput'
import { useLang } from '@/core/i18n'
import { discountLabel } from '@/components/ShopRow/messages'
import AmountKeypad from '@/components/AmountKeypad'
import QuoteError from '@/components/QuoteError'
import './PayBillForm.css'
import { routeUrl } from '@/routes'

interface Props {
  shop: Shop
  coupons: UserCoupon[]
  /** Shown above the form: an unpaid order of this shop waiting (components/PendingOrderNotice), from the page. */
  notice?: ReactNode
}

type Field = 'amount' | 'undiscounted'

/** Pay a bill: amount on the keypad, optional undiscounted part, coupon, the server's price, pay. */
export default function PayBillForm({ shop, coupons, notice }: Props) {
  const t = useT()
  const lang = useLang()
  const [values, setValues] = useState<Record<Field, string>>({ amount: '', undiscounted: '' })
  const [focus, setFocus] = useState<Field>('amount')
  const [showUndiscounted, setShowUndiscounted] = useState(false)
  const [couponId, setCouponId] = useState<number | null>(null)
  const { pay, paying } = usePay()

  const amountCents = amountToCents(values.amount) ?? 0
  const undiscountedCents = amountToCents(values.undiscounted) ?? 0
  // A coupon's minimum counts what is spent after the shop's and the member discounts, as the server checks it:
  // known once the server priced this amount (the discounts do not depend on the coupon), the amount until then.
  const [priced, setPriced] = useState<{ amount: number; discounts: number } | null>(null)
  const spend = priced && priced.amount === amountCents ? amountCents - priced.discounts : amountCents
  // What can be used on this amount; a choice the amount no longer reaches is dropped.
  const usable = useMemo(() => usableCoupons(coupons, 'bill', spend, shop.id), [coupons, spend, shop.id])
  const chosenId = couponId !== null && usable.some((c) => c.id === couponId) ? couponId : null

  const payload = useMemo<OrderPayload | null>(() => {
    if (!isPayableAmount(values.amount) || undiscountedCents > amountCents) return null
    return { kind: 'bill', shop_id: shop.id, amount: amountCents, ...(undiscountedCents > 0 ? { undiscounted_amount: undiscountedCents } : {}), ...(chosenId ? { coupon_id: chosenId } : {}) }
  }, [values.amount, amountCents, undiscountedCents, shop.id, chosenId])
  const { quote, loading, error, retryable, retry } = useOrderQuote(payload, { debounceMs: QUOTE_DEBOUNCE_MS })
  useEffect(() => {
    if (quote) setPriced({ amount: quote.original_amount, discounts: quote.discount_amount + quote.member_discount_amount + (quote.discount_day?.amount ?? 0) })
  }, [quote])
  // Said at the field, and what was typed stays: the shopper fixes one of the two numbers.
  const undiscountedTooBig = undiscountedCents > 0 && undiscountedCents > amountCents

  const onKey = (key: KeypadKey) => {
    const r = pressKey(values[focus], key)
    if (r.refused === 'decimals') toastInfo(t('bill.tooManyDecimals'))
    if (r.refused === 'limit') toastInfo(t('bill.overLimit'))
    setValues((v) => ({ ...v, [focus]: r.value }))
  }

  const submit = async () => {
    if (!payload || !quote) return
    if (!requireLogin(routeUrl('pages/payBill/index', { shop_id: shop.id }))) return
    // On failure the keypad keeps the amount: nothing typed is lost.
    afterPay(await pay(payload))
  }

  // Written out: capital numerals (大写), in English the words — never Chinese numerals on an English screen.
  const capital = quote ? toMoneyWords(centsToYuan(quote.pay_amount), lang, () => void alertMessage(t('common.numberWrong'), t('common.ok'))) : ''

  return (
    <View className='bill'>
      {notice}
      <View className='bill__shop'>
        <Text className='bill__shop-name'>{shop.name}</Text>
        <Text className='bill__shop-discount'>{t('bill.discount', { rate: discountLabel(shop.discount_rate, lang) })}</Text>
      </View>

      <View className={`bill__field${focus === 'amount' ? ' bill__field--focus' : ''}`} role='button' tabIndex={0} aria-pressed={focus === 'amount'} onClick={() => setFocus('amount')}>
        <Text className='bill__label'>{t('bill.amount')}</Text>
        <Text className={`bill__value bill__amount${values.amount ? '' : ' bill__value--empty'}`}>{values.amount ? `¥${values.amount}` : t('bill.amountPlaceholder')}</Text>
      </View>
      {showUndiscounted ? (
        <View className={`bill__field${focus === 'undiscounted' ? ' bill__field--focus' : ''}`} role='button' tabIndex={0} aria-pressed={focus === 'undiscounted'} onClick={() => setFocus('undiscounted')}>
          <Text className='bill__label'>{t('bill.undiscounted')}</Text>
          <Text className={`bill__value${values.undiscounted ? '' : ' bill__value--empty'}`}>{values.undiscounted ? `¥${values.undiscounted}` : '0.00'}</Text>
        </View>
      ) : (
        <Text
          className='bill__add-undiscounted tap-slop'
          role='button'
          tabIndex={0}
          onClick={() => {
            setShowUndiscounted(true)
            setFocus('undiscounted')
          }}
        >
          {t('bill.undiscountedAdd')}
        </Text>
      )}
      {undiscountedTooBig && (
        <Text className='bill__field-error' role='alert'>
          {t('bill.undiscountedTooBig', { amount: centsToYuan(amountCents) })}
        </Text>
      )}

      <View className='bill__rows'>
        <CouponChoice className='bill__row bill__coupon' usable={usable} chosenId={chosenId} onChange={setCouponId} amountOff={quote?.coupon_amount} savingOnly />
        {quote && quote.discount_amount > 0 && (
          <View className='bill__row'>
            <Text>{t('bill.shopDiscount')}</Text>
            <Text className='bill__minus'>-¥{centsToYuan(quote.discount_amount)}</Text>
          </View>
        )}
        {quote && quote.member_discount_amount > 0 && (
          <View className='bill__row'>
            <Text>{t('bill.memberDiscount')}</Text>
            <Text className='bill__minus'>-¥{centsToYuan(quote.member_discount_amount)}</Text>
          </View>
        )}
        {quote?.discount_day && (
          <View className='bill__row bill__row--discount-day'>
            <Text>{t('bill.discountDay', { rate: discountLabel(quote.discount_day.rate, lang) })}</Text>
            <Text className='bill__minus'>-¥{centsToYuan(quote.discount_day.amount)}</Text>
          </View>
        )}
      </View>
      <QuoteError error={error} retryable={retryable} onRetry={retry} />

      <View className='bill__dock'>
      <View className='bill__bar'>
        <View className='bill__total'>
          <Text className='bill__payable-label'>{t('bill.payable')}</Text>
          {quote ? <Money className='bill__payable' cents={quote.pay_amount} /> : <Text className='bill__payable bill__payable--pending'>{loading ? t('bill.quoting') : '¥0.00'}</Text>}
          {capital && (
            <Text className='bill__capital-line'>
              <Text className='bill__capital-label'>{t('bill.capital')} </Text>
              <Text className='bill__capital'>{capital}</Text>
            </Text>
          )}
        </View>
        <Button className='btn-pill bill__pay' disabled={(!quote || paying) || undefined} loading={paying} onClick={() => void submit()}>
          {t('bill.pay')}
        </Button>
      </View>
      <AmountKeypad onKey={onKey} backLabel={t('common.delete')} label={focus === 'amount' ? t('bill.amount') : t('bill.undiscounted')} />
      </View>
    </View>
  )
}
