import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMemo, useState } from 'react'
import Money from '@/components/Money'
import type { Shop, UserCoupon } from '@/contract/member'
import type { OrderPayload } from '@/contract/order'
import { alertMessage, toastInfo } from '@/core/feedback'
import { centsToYuan, toChineseMoney } from '@/core/format'
import { useT } from '@/features/payBill/messages'
import { errorMessage } from '@/core/request'
import { requireLogin } from '@/core/session'
import { afterPay } from '@/payment/afterPay'
import { usePay } from '@/hooks/usePay'
import { amountToCents, isPayableAmount, pressKey, type KeypadKey } from './amountInput'
import { useLang } from '@/core/i18n'
import { discountLabel } from '@/components/ShopRow/messages'
import AmountKeypad from './components/AmountKeypad'
import { useBillQuote } from './useBillQuote'
import './PayBillForm.css'
import { routeUrl } from '@/routes'

interface Props {
  shop: Shop
  coupons: UserCoupon[]
}

type Field = 'amount' | 'undiscounted'

/** Pay a bill: amount on the keypad, optional undiscounted part, coupon, the server's price, pay. */
export default function PayBillForm({ shop, coupons }: Props) {
  const t = useT()
  const lang = useLang()
  const [values, setValues] = useState<Record<Field, string>>({ amount: '', undiscounted: '' })
  const [focus, setFocus] = useState<Field>('amount')
  const [showUndiscounted, setShowUndiscounted] = useState(false)
  const [couponId, setCouponId] = useState<number | null>(null)
  const { pay, paying } = usePay()

  const usable = coupons.filter((c) => c.status === 'available' && (c.kind === null || c.kind === 'bill') && (c.shop_id === null || c.shop_id === shop.id))
  const amountCents = amountToCents(values.amount) ?? 0
  const undiscountedCents = amountToCents(values.undiscounted) ?? 0

  const payload = useMemo<OrderPayload | null>(() => {
    if (!isPayableAmount(values.amount) || undiscountedCents > amountCents) return null
    return { kind: 'bill', shop_id: shop.id, amount: amountCents, ...(undiscountedCents > 0 ? { undiscounted_amount: undiscountedCents } : {}), ...(couponId ? { coupon_id: couponId } : {}) }
  }, [values.amount, amountCents, undiscountedCents, shop.id, couponId])
  const { quote, loading, error, retryable, retry } = useBillQuote(payload)
  // Said at the field, and what was typed stays: the shopper fixes one of the two numbers.
  const undiscountedTooBig = undiscountedCents > 0 && undiscountedCents > amountCents

  const onKey = (key: KeypadKey) => {
    const r = pressKey(values[focus], key)
    if (r.refused === 'decimals') toastInfo(t('bill.tooManyDecimals'))
    if (r.refused === 'limit') toastInfo(t('bill.overLimit'))
    setValues((v) => ({ ...v, [focus]: r.value }))
  }

  const chooseCoupon = async () => {
    if (usable.length === 0) return
    try {
      const { tapIndex } = await Taro.showActionSheet({ itemList: [t('bill.couponNone'), ...usable.map((c) => `${c.title}（¥${centsToYuan(c.amount)}）`)] })
      setCouponId(tapIndex === 0 ? null : usable[tapIndex - 1].id)
    } catch {
      // Dismissed: keep the choice.
    }
  }

  const submit = async () => {
    if (!payload || !quote) return
    if (!requireLogin(routeUrl('pages/payBill/index', { shop_id: shop.id }))) return
    // On failure the keypad keeps the amount: nothing typed is lost.
    afterPay(await pay(payload))
  }

  const capital = quote ? toChineseMoney(centsToYuan(quote.pay_amount), () => void alertMessage(t('common.numberWrong'), t('common.ok'))) : ''
  const chosen = usable.find((c) => c.id === couponId)

  return (
    <View className='bill'>
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
          className='bill__add-undiscounted'
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
        <View className='bill__row bill__coupon' role='button' tabIndex={usable.length ? 0 : -1} aria-disabled={usable.length === 0} onClick={() => void chooseCoupon()}>
          <Text>{t('bill.coupon')}</Text>
          <Text className={`bill__coupon-value${chosen ? '' : usable.length ? ' bill__coupon-value--count' : ' bill__coupon-value--none'}`}>{chosen ? `-¥${centsToYuan(quote?.coupon_amount ?? chosen.amount)}` : usable.length ? t('bill.couponCount', { count: usable.length }) : t('bill.couponNone')}</Text>
        </View>
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
      </View>
      {error ? (
        <View className='bill__error' role='alert'>
          <Text className='bill__error-text'>{errorMessage(error)}</Text>
          {retryable && (
            <Text className='bill__retry' role='button' tabIndex={0} onClick={retry}>
              {t('bill.retry')}
            </Text>
          )}
        </View>
      ) : null}

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
      <AmountKeypad onKey={onKey} backLabel={t('common.delete')} />
    </View>
  )
}
