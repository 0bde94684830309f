import { Button, Input, Text, View } from '@tarojs/components'
import { askAgain } from '@/core/cache'
import { useState } from 'react'
import { requestStore } from '@/api/store'
import type { CardCheckAnswer, StoreOrder, VerifyPreviewAnswer } from '@/contract/store'
import { confirmAction, toastError, toastInfo } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import { scanner } from '@/platform/scan'
import OrderSummary, { Pair } from './OrderSummary'
import './store.css'

/** A member card's till code (src/contract/tillCode.ts): "9", the card id (8 digits), a 6-digit TOTP. */
export const isCardCode = (code: string): boolean => /^9\d{14}$/.test(code)

type Result =
  | { kind: 'preview'; code: string; answer: VerifyPreviewAnswer }
  | { kind: 'verified'; order: StoreOrder }
  | { kind: 'card'; answer: CardCheckAnswer }

/**
 * Verify: type (or scan, where this device can) a code. A redemption code shows its order and, when it can be
 * redeemed, one Confirm (single-flight); a refusal shows the server's reason. A member card code shows the
 * member's level, validity and discount, or why the card is not good.
 */
export default function VerifyPanel({ initialCode = '' }: { initialCode?: string }) {
  const t = useT()
  const [code, setCode] = useState(initialCode)
  const [codeError, setCodeError] = useState('')
  const [result, setResult] = useState<Result | null>(null)
  const canScan = scanner.available()

  const lookUp = useAction(async (raw: string) => {
    const clean = raw.replace(/\s+/g, '')
    if (!/^\d{6,32}$/.test(clean)) {
      setCodeError(t('storeVerify.codeInvalid'))
      return
    }
    setCodeError('')
    setResult(null)
    try {
      // What the code is now, never a kept answer (src/core/cache.ts): a card suspended a moment ago reads suspended.
      if (isCardCode(clean)) setResult({ kind: 'card', answer: await askAgain(() => requestStore('hui_shanghu.store_card/check', { code: clean })) })
      else setResult({ kind: 'preview', code: clean, answer: await askAgain(() => requestStore('hui_shanghu.store_order/verifyPreview', { code: clean })) })
    } catch (e) {
      setCodeError(errorMessage(e))
    }
  })

  const confirm = useAction(async (toRedeem: string) => {
    if (!(await confirmAction(t('storeVerify.confirmAsk'), t('storeVerify.confirmYes'), t('common.cancel')))) return
    try {
      const answer = await requestStore('hui_shanghu.store_order/verify', { code: toRedeem })
      setResult({ kind: 'verified', order: answer.info })
    } catch (e) {
      toastError(errorMessage(e))
      // What the code is now (used by someone else meanwhile, refund asked): look again.
      void lookUp.run(toRedeem)
    }
  })

  const scan = async () => {
    const got = await scanner.scan()
    if (got === 'cancelled') return
    if (got === 'unavailable') {
      toastInfo(t('storeVerify.scanFailed'))
      return
    }
    setCode(got.text)
    void lookUp.run(got.text)
  }

  const next = () => {
    setCode('')
    setResult(null)
  }

  return (
    <View className='verify'>
      <View className='store-box verify__form'>
        <Text className='verify__label'>{t('storeVerify.codeLabel')}</Text>
        <View className='verify__row'>
          <Input
            className='verify__input'
            type='number'
            maxlength={40}
            placeholder={t('storeVerify.placeholder')}
            nativeProps={{ 'aria-label': t('storeVerify.codeLabel') }}
            value={code}
            onInput={(e) => setCode(e.detail.value)}
            onConfirm={() => void lookUp.run(code)}
          />
          {canScan && (
            <Button className='btn-outline verify__scan' onClick={() => void scan()}>
              {t('storeVerify.scan')}
            </Button>
          )}
        </View>
        {codeError && (
          <Text className='verify__error' role='alert'>
            {codeError}
          </Text>
        )}
        <Button className='btn-pill verify__look-up' disabled={lookUp.busy || confirm.busy || undefined} loading={lookUp.busy} onClick={() => void lookUp.run(code)}>
          {t('storeVerify.lookUp')}
        </Button>
      </View>

      {result?.kind === 'preview' && (
        <View className='verify__result'>
          {!result.answer.verifiable && (
            <View className='store-banner store-banner--refused verify__refused' role='alert'>
              <Text className='store-banner__title'>{t('storeVerify.refused')}</Text>
              <Text className='store-banner__text'>{result.answer.message ?? ''}</Text>
            </View>
          )}
          {result.answer.order && <OrderSummary order={result.answer.order} />}
          {result.answer.used_at && (
            <View className='store-box'>
              <Pair label={t('storeVerify.usedAt')} value={result.answer.used_at} />
            </View>
          )}
          {result.answer.verifiable && (
            <Button className='btn-pill verify__confirm' disabled={confirm.busy || undefined} loading={confirm.busy} onClick={() => void confirm.run(result.code)}>
              {t('storeVerify.confirm')}
            </Button>
          )}
        </View>
      )}

      {result?.kind === 'verified' && (
        <View className='verify__result'>
          <View className='store-banner store-banner--ok verify__done' role='status'>
            <Text className='store-banner__title'>{t('storeVerify.done')}</Text>
            <Text className='store-banner__text'>{t('storeVerify.doneHint')}</Text>
          </View>
          <OrderSummary order={result.order} />
          <Button className='btn-outline verify__next' onClick={next}>
            {t('storeVerify.next')}
          </Button>
        </View>
      )}

      {result?.kind === 'card' && <CardResult answer={result.answer} />}
    </View>
  )
}

function CardResult({ answer }: { answer: CardCheckAnswer }) {
  const t = useT()
  const ok = answer.result === 'valid'
  const card = answer.card
  return (
    <View className='verify__result verify__card'>
      <View className={`store-banner ${ok ? 'store-banner--ok' : 'store-banner--refused'} verify__card-result verify__card-result--${answer.result}`} role={ok ? 'status' : 'alert'}>
        <Text className='store-banner__title'>{ok ? t('storeVerify.cardValid') : t('storeVerify.cardNotValid')}</Text>
        {!ok && <Text className='store-banner__text'>{t(`storeCard.${answer.result as Exclude<CardCheckAnswer['result'], 'valid'>}`)}</Text>}
      </View>
      {card && (
        <View className='store-box'>
          <Text className='store-summary__title'>{card.name}</Text>
          <Pair label={t('storeCard.level')} value={t('storeCard.levelValue', { level: card.level })} />
          <Pair
            label={t('storeCard.rate')}
            value={card.member_rate < 100 ? t('storeCard.rateValue', { rate: card.member_rate % 10 === 0 ? String(card.member_rate / 10) : (card.member_rate / 10).toFixed(1), off: 100 - card.member_rate }) : t('storeCard.noRate')}
          />
          <Pair label={t('storeCard.validity')} value={`${card.start_at.slice(0, 10)} – ${card.end_at.slice(0, 10)}`} />
          <Pair label={t('storeCard.holder')} value={card.holder_phone} />
        </View>
      )}
    </View>
  )
}
