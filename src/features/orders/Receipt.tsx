import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useRef } from 'react'
import { useReceipt } from '@/api/receipt'
import Money from '@/components/Money'
import Skeleton from '@/components/Skeleton'
import type { ReceiptQuery } from '@/contract/receipt'
import { ApiError, errorMessage } from '@/core/request'
import { RECEIPT_FRAME_HEIGHT, frameReady, inFrame, jumpOut } from '@/platform/goldplan'
import { routeUrl } from '@/routes'
import { useT } from './messages'
import './Receipt.css'

/** WeChat Pay's origin when the server could not be asked (an error answer carries none): where its frame is. */
const WECHAT_PAY_ORIGIN = 'https://payapp.weixin.qq.com'

/**
 * The receipt WeChat Pay shows in its frame after an in-WeChat payment (点金计划 商家小票, issue 26): shop, amount, time,
 * order number — nothing else, no session needed. A fixed-height page (RECEIPT_FRAME_HEIGHT, told to WeChat with
 * onIframeReady once drawn, the receipt or its error); the link to the full order leaves the frame (jumpOut) — the
 * order needs the shopper's login, which the frame may not carry. Opened outside a frame it is a plain page.
 */
export default function Receipt({ query }: { query: ReceiptQuery }) {
  const t = useT()
  const q = useReceipt(query)
  // The receipt names the frame's origin, and so does its refusal (data); WeChat Pay's when the server could not say.
  const refusedOrigin = q.error instanceof ApiError ? (q.error.data as { frame_origin?: unknown } | null)?.frame_origin : undefined
  const origin = q.data?.frame_origin ?? (typeof refusedOrigin === 'string' ? refusedOrigin : WECHAT_PAY_ORIGIN)
  const told = useRef(false)
  const drawn = !q.loading && (q.data !== undefined || !!q.error)
  useEffect(() => {
    if (!drawn || told.current) return
    told.current = true
    frameReady(origin, RECEIPT_FRAME_HEIGHT)
  }, [drawn, origin])

  const openOrder = (id: number) => {
    const path = routeUrl('pages/orders/detail', { id })
    if (inFrame() && typeof window !== 'undefined') jumpOut(origin, `${window.location.origin}${path}`)
    else void Taro.navigateTo({ url: path })
  }

  return (
    <View className='receipt' style={{ height: `${RECEIPT_FRAME_HEIGHT}px` }}>
      {q.loading ? (
        <Skeleton rows={3} label={t('receipt.title')} />
      ) : q.data ? (
        <>
          <Text className='receipt__title' role='heading' aria-level={1}>
            ✓ {t('receipt.title')}
          </Text>
          <View className='receipt__amount'>
            <Text className='receipt__label'>{t('receipt.amount')}</Text>
            <Money className='receipt__money' cents={q.data.receipt.amount} />
          </View>
          <View className='receipt__rows'>
            <View className='receipt__row'>
              <Text className='receipt__label'>{t('receipt.shop')}</Text>
              <Text className='receipt__value receipt__shop'>{q.data.receipt.shop_name}</Text>
            </View>
            <View className='receipt__row'>
              <Text className='receipt__label'>{t('receipt.paidAt')}</Text>
              <Text className='receipt__value receipt__time'>{q.data.receipt.paid_at}</Text>
            </View>
            <View className='receipt__row'>
              <Text className='receipt__label'>{t('receipt.orderNo')}</Text>
              <Text className='receipt__value receipt__order-no'>{q.data.receipt.order_no}</Text>
            </View>
          </View>
          <Button className='receipt__order' onClick={() => openOrder((q.data as { receipt: { order_id: number } }).receipt.order_id)}>
            {t('receipt.viewOrder')}
          </Button>
        </>
      ) : (
        <View className='receipt__error'>
          <Text className='receipt__title' role='heading' aria-level={1}>
            {t('receipt.failed')}
          </Text>
          <Text className='receipt__message'>{errorMessage(q.error)}</Text>
        </View>
      )}
    </View>
  )
}
