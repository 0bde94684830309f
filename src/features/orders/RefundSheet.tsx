import { Button, Image, Text, Textarea, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import FormSheet from '@/components/FormSheet'
import Money from '@/components/Money'
import type { OrderInfo } from '@/contract/order'
import { REFUND_PHOTOS_MAX, REFUND_TEXT_MAX } from '@/contract/orderRules'
import { toastError, toastSuccess } from '@/core/feedback'
import { assetUrl, errorMessage, request } from '@/core/request'
import { useT } from '@/features/orders/messages'
import { useAction } from '@/hooks/useAction'
import { photos as photoPlatform } from '@/platform/photos'
import type { LocalPhoto } from '@/platform/photos.types'
import './RefundSheet.css'

/** The reasons that fit what was bought: a bill (or fuel) paid at a till is not a product "bought by mistake". */
export function refundReasons(order: Pick<OrderInfo, 'kind'>, translate: ReturnType<typeof useT>): string[] {
  return translate(order.kind === 'bill' || order.kind === 'oil' ? 'detail.refundReasonsBill' : 'detail.refundReasons').split('|')
}

interface Props {
  order: OrderInfo
  onClose: () => void
  onSent: () => void
}

/** One photo of the request: sent as soon as chosen; kept here (with the compressed picture) until it is stored, or failed. */
type Photo = { key: number; local: LocalPhoto | null; url: string | null; percent: number; failed: boolean }

/**
 * Apply for a refund: the amount (always the whole order), a reason that fits the kind, the shopper's own words and
 * up to REFUND_PHOTOS_MAX photos with any reason (issue 39: a refused refund says "ask again with more detail") — the
 * words needed only for "Other" — then one submit (single-flight). What is missing is said when Submit is tapped, by
 * the field; nothing typed or chosen is lost, and nothing is sent until Submit.
 */
export default function RefundSheet({ order, onClose, onSent }: Props) {
  const t = useT()
  const reasons = refundReasons(order, t)
  const otherIndex = reasons.length - 1
  const [chosen, setChosen] = useState<number | null>(null)
  const [words, setWords] = useState('')
  const [photos, setPhotos] = useState<Photo[]>([])
  const [problem, setProblem] = useState<'reason' | 'words' | 'photos' | null>(null)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )
  const detail = words.trim()
  const other = chosen === otherIndex
  const uploading = photos.some((p) => p.url === null && !p.failed)

  const patch = (key: number, change: Partial<Photo>) => {
    if (mounted.current) setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)))
  }
  const send = async (key: number, local: LocalPhoto) => {
    patch(key, { failed: false, percent: 0 })
    try {
      const url = await photoPlatform.upload(local, (percent) => patch(key, { percent }))
      patch(key, { url })
    } catch (e) {
      patch(key, { failed: true })
      toastError(errorMessage(e))
    }
  }
  const addPhoto = async () => {
    if (photos.length >= REFUND_PHOTOS_MAX) return
    let local: LocalPhoto | null = null
    try {
      local = await photoPlatform.choose()
    } catch {
      toastError(t('detail.refundPhotoUnreadable'))
      return
    }
    if (!local || !mounted.current) return
    const key = Date.now() + Math.random()
    setPhotos((list) => [...list, { key, local, url: null, percent: 0, failed: false }])
    await send(key, local)
  }

  const submit = useAction(async () => {
    if (chosen === null) return setProblem('reason')
    if (other && !detail) return setProblem('words')
    if (uploading || photos.some((p) => p.failed)) return setProblem('photos')
    setProblem(null)
    try {
      const sent = photos.flatMap((p) => (p.url ? [p.url] : []))
      await request('personal.order/refund', { id: order.id, reason: reasons[chosen], ...(detail ? { detail } : {}), ...(sent.length > 0 ? { photos: sent } : {}) })
      toastSuccess(t('detail.refundSent'))
      onSent()
    } catch (e) {
      // The sheet stays open with the choice, the words and the photos: nothing is lost.
      toastError(errorMessage(e))
    }
  })

  const wordsLabel = t(other ? 'detail.refundWordsNeeded' : 'detail.refundWords')
  return (
    <FormSheet name='refund-sheet' title={t('detail.refundTitle')} busy={submit.busy} onClose={onClose}>
      <View className='kv-row refund-sheet__amount'>
        <Text>{t('detail.refundAmount')}</Text>
        <Money className='refund-sheet__money' cents={order.pay_amount} />
      </View>
      <Text className='refund-sheet__whole'>{t('detail.refundWhole')}</Text>
      <Text className='form-sheet__label refund-sheet__label'>{t('detail.refundReason')}</Text>
      <View className='refund-sheet__reasons' role='radiogroup' aria-label={t('detail.refundReason')}>
        {reasons.map((r, i) => (
          <Text
            key={r}
            className={`refund-sheet__reason${chosen === i ? ' refund-sheet__reason--on' : ''}`}
            role='radio'
            aria-checked={chosen === i}
            tabIndex={0}
            onClick={() => {
              setChosen(i)
              if (problem === 'reason') setProblem(null)
            }}
          >
            {r}
          </Text>
        ))}
      </View>
      {problem === 'reason' && (
        <Text className='form-sheet__hint refund-sheet__error refund-sheet__error--reason' role='alert'>
          {t('detail.refundChooseReason')}
        </Text>
      )}

      <Text className='form-sheet__label refund-sheet__label refund-sheet__words-label'>{wordsLabel}</Text>
      <View className={`refund-sheet__words-box${problem === 'words' ? ' refund-sheet__words-box--bad' : ''}`}>
        <Textarea
          className='refund-sheet__words'
          maxlength={REFUND_TEXT_MAX}
          placeholder={t(other ? 'detail.refundOther' : 'detail.refundWordsHint')}
          value={words}
          autoHeight={false}
          nativeProps={{ 'aria-label': wordsLabel }}
          onInput={(e) => {
            setWords(e.detail.value)
            if (problem === 'words') setProblem(null)
          }}
        />
        <Text className='refund-sheet__count' aria-hidden='true'>
          {detail.length}/{REFUND_TEXT_MAX}
        </Text>
      </View>
      {problem === 'words' && (
        <Text className='form-sheet__hint refund-sheet__error refund-sheet__error--words' role='alert'>
          {t('detail.refundOtherNeeded')}
        </Text>
      )}

      <Text className='form-sheet__label refund-sheet__label'>{t('detail.refundPhotos', { max: REFUND_PHOTOS_MAX })}</Text>
      <View className='refund-sheet__photos'>
        {photos.map((p, i) => (
          <View key={p.key} className={`refund-sheet__photo${p.failed ? ' refund-sheet__photo--failed' : ''}`}>
            <Image className='refund-sheet__photo-img' src={p.local ? p.local.preview : assetUrl(p.url ?? '')} mode='aspectFill' nativeProps={{ alt: t('detail.refundPhotoN', { n: i + 1 }) }} />
            {p.url === null && !p.failed && <Text className='refund-sheet__photo-veil'>{t('detail.refundPhotoUploading', { percent: p.percent })}</Text>}
            {p.failed && p.local && (
              <Text className='refund-sheet__photo-veil refund-sheet__photo-retry' role='button' tabIndex={0} onClick={() => p.local && void send(p.key, p.local)}>
                {t('detail.refundPhotoRetry')}
              </Text>
            )}
            {(p.url !== null || p.failed) && (
              <Text
                className='refund-sheet__photo-remove'
                role='button'
                tabIndex={0}
                aria-label={t('detail.refundPhotoRemove', { n: i + 1 })}
                onClick={() => setPhotos((list) => list.filter((x) => x.key !== p.key))}
              >
                ×
              </Text>
            )}
          </View>
        ))}
        {photos.length < REFUND_PHOTOS_MAX && (
          <View className='refund-sheet__photo refund-sheet__photo-add' role='button' tabIndex={0} aria-label={t('detail.refundPhotoAdd')} onClick={() => void addPhoto()}>
            <Text className='refund-sheet__photo-plus' aria-hidden='true'>
              +
            </Text>
            <Text className='refund-sheet__photo-add-text'>{t('detail.refundPhotoAdd')}</Text>
          </View>
        )}
      </View>
      {problem === 'photos' && (
        <Text className='form-sheet__hint refund-sheet__error refund-sheet__error--photos' role='alert'>
          {t(uploading ? 'detail.refundPhotosWait' : 'detail.refundPhotosFailed')}
        </Text>
      )}

      <View className='form-sheet__actions'>
        <Button className='btn-outline form-sheet__btn refund-sheet__keep' disabled={submit.busy || undefined} onClick={onClose}>
          {t('detail.refundKeep')}
        </Button>
        <Button className='btn-pill form-sheet__btn refund-sheet__submit' disabled={submit.busy || undefined} loading={submit.busy} onClick={() => void submit.run()}>
          {t('detail.refundSubmit')}
        </Button>
      </View>
    </FormSheet>
  )
}
