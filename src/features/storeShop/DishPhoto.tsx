import { Image, Text, View } from '@tarojs/components'
import { assetUrl } from '@/core/request'
import { usePhotoUpload } from '@/hooks/usePhotoUpload'
import { useT } from './messages'

interface Props {
  /** The stored picture's address ('' none). */
  url: string
  onChange: (url: string) => void
  /** Whether a photo is on its way (Save waits for it). */
  onBusy: (busy: boolean) => void
}

/**
 * A dish's photo: choose → made smaller on the phone → uploaded (`index/uploadPic`, src/platform/photos) with its
 * progress; a failed upload can be tried again or dropped; an uploaded one replaced or removed. Only the stored address
 * is the form's.
 */
export default function DishPhoto({ url, onChange, onBusy }: Props) {
  const t = useT()
  const { sending, busy, send, choose, drop } = usePhotoUpload({ onChange, onBusy, chooseFailed: t('shop.photoFailed') })

  const preview = sending?.photo.preview || (url ? assetUrl(url) : '')
  return (
    <View className='shop-photo'>
      {preview ? (
        <View className='shop-photo__frame'>
          <Image className='shop-photo__img' src={preview} mode='aspectFill' nativeProps={{ alt: t('shop.photo') }} />
          {sending && !sending.failed && (
            <View className='shop-photo__veil' role='progressbar' aria-valuemin={0} aria-valuemax={100} aria-valuenow={sending.percent} aria-label={t('shop.photo')}>
              <Text className='shop-photo__percent'>{t('shop.uploading', { percent: sending.percent })}</Text>
            </View>
          )}
        </View>
      ) : (
        <View className='shop-photo__add' role='button' tabIndex={0} aria-label={t('shop.addPhoto')} onClick={() => void choose()}>
          <Text className='shop-photo__plus' aria-hidden='true'>
            +
          </Text>
          <Text className='shop-photo__add-text'>{t('shop.photo')}</Text>
        </View>
      )}
      <View className='shop-photo__actions'>
        {sending?.failed && (
          <>
            <Text className='shop-error' role='alert'>
              {sending.failed}
            </Text>
            {sending.photo.preview !== '' && (
              <Text className='shop-link shop-photo__retry' role='button' tabIndex={0} onClick={() => void send(sending.photo)}>
                {t('shop.retry')}
              </Text>
            )}
          </>
        )}
        {(url || sending?.failed) && !busy && (
          <>
            <Text className='shop-link shop-photo__replace' role='button' tabIndex={0} onClick={() => void choose()}>
              {t('shop.replacePhoto')}
            </Text>
            <Text
              className='shop-link shop-photo__remove'
              role='button'
              tabIndex={0}
              onClick={() => {
                drop()
                onChange('')
              }}
            >
              {t('shop.removePhoto')}
            </Text>
          </>
        )}
      </View>
    </View>
  )
}
