import { Image, Text, View } from '@tarojs/components'
import { assetUrl } from '@/core/request'
import { usePhotoUpload } from '@/hooks/usePhotoUpload'
import { useT } from './messages'

interface Props {
  /** The field (licence_image / storefront_image): class names and ids. */
  field: string
  /** What the photo is, in the shopper's language ("Business licence"). */
  label: string
  /** The stored picture's address ('' none): kept in the draft. */
  url: string
  /** Marked wrong (the form's check, or the reviewer's): the words under the field. */
  error?: string
  onChange: (url: string) => void
  /** Whether a photo is on its way (the form waits for it before submitting). */
  onBusy: (busy: boolean) => void
}

/**
 * One photo of the application: choose → compressed on the phone → uploaded with its progress; a failed upload can be
 * retried (the compressed picture is kept) or removed; an uploaded one can be replaced or removed. Only the uploaded
 * address is the form's (and the draft's); what is on its way lives here.
 */
export default function PhotoField({ field, label, url, error, onChange, onBusy }: Props) {
  const t = useT()
  const { sending, busy, send, choose, drop } = usePhotoUpload({ onChange, onBusy, chooseFailed: t('merchant.uploadFailed') })

  const remove = () => {
    drop()
    onChange('')
  }

  const preview = sending ? sending.photo.preview : url ? assetUrl(url) : ''
  const bad = Boolean(error) || Boolean(sending?.failed)
  return (
    <View className={`mc-photo mc-photo--${field}${bad ? ' mc-photo--bad' : ''}`}>
      {preview ? (
        <View className='mc-photo__frame'>
          <Image className='mc-photo__img' src={preview} mode='aspectFill' nativeProps={{ alt: label }} />
          {sending && !sending.failed && (
            <View className='mc-photo__veil' role='progressbar' aria-valuemin={0} aria-valuemax={100} aria-valuenow={sending.percent} aria-label={label}>
              <Text className='mc-photo__percent'>{t('merchant.uploading', { percent: sending.percent })}</Text>
              <View className='mc-photo__bar'>
                <View className='mc-photo__bar-fill' style={{ width: `${sending.percent}%` }} />
              </View>
            </View>
          )}
          {sending?.failed && (
            <View className='mc-photo__veil mc-photo__veil--failed'>
              <Text className='mc-photo__percent'>{t('merchant.uploadFailed')}</Text>
              <Text className='mc-photo__retry tap-slop' role='button' tabIndex={0} aria-label={t('merchant.retryNamed', { name: label })} onClick={() => void send(sending.photo)}>
                {t('merchant.retry')}
              </Text>
            </View>
          )}
          {!busy && (
            <Text className='mc-photo__remove tap-slop' role='button' tabIndex={0} aria-label={t('merchant.remove', { name: label })} onClick={remove}>
              ×
            </Text>
          )}
        </View>
      ) : (
        <View className='mc-photo__add' role='button' tabIndex={0} aria-label={t('merchant.addPhoto', { name: label })} onClick={() => void choose()}>
          <Text className='mc-photo__plus' aria-hidden='true'>
            +
          </Text>
        </View>
      )}
      {/* The field's name, shown once (under the box, whether it holds a photo or not). Screen readers have it in each
          control's own name (Add / Remove / Replace … and the photo's alt), so it is not read a second time. */}
      <Text className='mc-photo__label' aria-hidden='true'>
        {label}
      </Text>
      {url && !sending && (
        <Text className='mc-photo__replace' role='button' tabIndex={0} aria-label={t('merchant.replaceNamed', { name: label })} onClick={() => void choose()}>
          {t('merchant.replace')}
        </Text>
      )}
      {(error || sending?.failed) && (
        <Text className={`mc-error mc-error--${field}`} role='alert'>
          {sending?.failed ?? error}
        </Text>
      )}
    </View>
  )
}
