import { Button, Image, Text, View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import Money from '@/components/Money'
import Pager from '@/components/Pager'
import type { MallProductDetail } from '@/contract/mall'
import type { ProductOrderPayload } from '@/contract/order'
import { centsToYuan } from '@/core/format'
import { useLang } from '@/core/i18n'
import { assetUrl } from '@/core/request'
import { requireLogin } from '@/core/session'
import { usePay } from '@/hooks/usePay'
import { useAction } from '@/hooks/useAction'
import { addToCart, useCart } from '@/api/mallCart'
import { toastError, toastSuccess, toastInfo } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { afterPay } from '@/payment/afterPay'
import { routeUrl } from '@/routes'
import CartEntry from './CartEntry'
import MallBuySheet from './MallBuySheet'
import SpecChips from './SpecChips'
import { useT } from './messages'
import './mall.css'

interface Props {
  product: MallProductDetail
  /** Read it again (a purchase or an add refused: stock moved). */
  onReload: () => void
}

/** A mall product: pictures, prices, specs (price and stock each), what it is, its store and delivery; buy now. */
export default function ProductDetail({ product: p, onReload }: Props) {
  const t = useT()
  const lang = useLang()
  const firstInStock = p.specs.find((s) => s.stock > 0) ?? null
  const [specId, setSpecId] = useState<number | null>(firstInStock?.id ?? null)
  const spec = p.specs.find((s) => s.id === specId) ?? null
  // Which sheet is open: Buy now's, or Add to cart's (the same spec and quantity choice).
  const [sheet, setSheet] = useState<'buy' | 'cart' | null>(null)
  const { pay, paying } = usePay()
  const cart = useCart()
  // Pieces in the cart as the last add answered (every write answers the whole cart), until the cart is read again.
  const [added, setAdded] = useState<number | null>(null)
  useEffect(() => setAdded(null), [cart.data])
  const adding = useAction(async (spec: number, quantity: number) => {
    try {
      const answer = await addToCart({ product_id: p.id, spec_id: spec, quantity })
      setSheet(null)
      setAdded(answer.count)
      if (answer.added.capped) toastInfo(t('cart.addedCapped', { n: answer.added.quantity }))
      else toastSuccess(t('cart.added'))
    } catch (e) {
      toastError(errorMessage(e))
      // Stock moved: read the product again (the chips show what is left).
      onReload()
    }
  })
  const soldOut = firstInStock === null
  const pictures = useMemo(
    () =>
      (p.images.length > 0 ? p.images : [p.image]).map((src, i) => ({
        key: src,
        node: <Image className='mall-detail__img' src={assetUrl(src)} mode='aspectFill' nativeProps={{ alt: i === 0 ? p.name : '' }} />,
      })),
    [p.images, p.image, p.name],
  )

  const openSheet = (mode: 'buy' | 'cart') => {
    if (soldOut) return
    if (!requireLogin(routeUrl('pages/vMall/detail', { id: p.id }))) return
    setSheet(mode)
  }
  const onPay = async (payload: ProductOrderPayload) => {
    const outcome = await pay(payload)
    // An order made invalidates every kept answer: the product asks again by itself. None made (refused: stock moved,
    // an unpaid order of this spec), or the payment sheet closed unpaid: the sheet stays, its price asked again — it
    // says the unpaid order with Pay and Cancel (issue 39).
    if (!outcome || outcome.status === 'cancelled' || outcome.status === 'failed') {
      if (!outcome) onReload()
      return
    }
    setSheet(null)
    afterPay(outcome)
  }

  return (
    <View className='mall-detail'>
      <Pager id='mall-pictures' className='mall-pictures' pages={pictures} label={(n, total) => t('mall.picture', { n, total })} />

      <View className='mall-box mall-detail__head'>
        <View className='mall-detail__prices'>
          <Text className='mall-card__member-tag'>{t('mall.member')}</Text>
          <Money className='mall-detail__member' cents={spec?.member_price ?? p.member_price} />
          <Money className='mall-detail__price' cents={spec?.price ?? p.price} />
          <Text className='mall-detail__list'>{t('mall.listPrice', { price: `¥${centsToYuan(p.list_price)}` })}</Text>
        </View>
        <Text className='mall-detail__name'>{p.name}</Text>
        {/* The merchant's English name beside its own (issue 39), for a shopper reading English. */}
        {lang === 'en' && p.name_en && <Text className='mall-detail__name-en'>{p.name_en}</Text>}
        <Text className='mall-detail__subtitle'>{p.subtitle}</Text>
        <View className='mall-detail__facts'>
          <Text className='mall-tag'>{p.shipping_fee === 0 ? t('mall.freeShipping') : t('mall.shippingFee', { fee: `¥${centsToYuan(p.shipping_fee)}` })}</Text>
          {p.pickup && <Text className='mall-tag mall-tag--pickup'>{t('mall.pickupToo')}</Text>}
          <Text className='mall-tag'>{t('mall.limit', { n: p.limit_per_order })}</Text>
          <Text className='mall-detail__sold'>{t('mall.sold', { n: p.sold })}</Text>
        </View>
      </View>

      <View className='mall-box'>
        <Text className='mall-box__title'>{t('mall.specs')}</Text>
        <SpecChips specs={p.specs} chosen={specId} onChoose={setSpecId} />
      </View>

      <View className='mall-box'>
        <Text className='mall-box__title'>{t('mall.store')}</Text>
        <Text className='mall-detail__store'>{p.store.name}</Text>
        <Text className='mall-detail__address'>{p.store.address}</Text>
      </View>

      <View className='mall-box'>
        <Text className='mall-box__title'>{t('mall.details')}</Text>
        {p.description.map((para, i) => (
          <Text key={i} className='mall-detail__para'>
            {para}
          </Text>
        ))}
      </View>

      <View className='mall-detail__bar'>
        <CartEntry count={added ?? cart.data?.count ?? 0} className='mall-detail__cart' />
        {!soldOut && (
          <Button className='btn-outline mall-detail__add' disabled={adding.busy || undefined} onClick={() => openSheet('cart')}>
            {t('cart.add')}
          </Button>
        )}
        <Button className='btn-pill mall-detail__buy' disabled={soldOut || paying || undefined} loading={paying} onClick={() => openSheet('buy')}>
          {soldOut ? t('mall.soldOut') : t('mall.buy')}
        </Button>
      </View>
      {sheet && (
        <MallBuySheet
          mode={sheet}
          product={p}
          specId={specId}
          onSpec={setSpecId}
          busy={sheet === 'buy' ? paying : adding.busy}
          onPay={(payload) => void onPay(payload)}
          onAdd={(spec, quantity) => void adding.run(spec, quantity)}
          onClose={() => setSheet(null)}
        />
      )}
    </View>
  )
}
