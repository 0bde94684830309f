import { Text, View } from '@tarojs/components'
import { PRIVACY_VERSION } from '@/contract/constants'
import { useT } from '@/features/auth/messages'

const SECTIONS = [
  ['privacy.collectTitle', 'privacy.collect'],
  ['privacy.whyTitle', 'privacy.why'],
  ['privacy.keepTitle', 'privacy.keep'],
  ['privacy.rightsTitle', 'privacy.rights'],
  ['privacy.contactTitle', 'privacy.contact'],
] as const

/** The privacy notice the shopper agrees to at Authorization (its version is sent with the bind). */
export default function PrivacyNotice({ onClose }: { onClose: () => void }) {
  const t = useT()
  return (
    <View className='privacy-notice' role='dialog' aria-label={t('auth.noticeLink')}>
      <Text className='privacy-notice__title'>{t('privacy.title', { version: PRIVACY_VERSION })}</Text>
      <Text className='privacy-notice__p'>{t('privacy.intro')}</Text>
      {SECTIONS.map(([title, body]) => (
        <View key={title} className='privacy-notice__section'>
          <Text className='privacy-notice__h'>{t(title)}</Text>
          <Text className='privacy-notice__p'>{t(body)}</Text>
        </View>
      ))}
      <View className='privacy-notice__close' role='button' tabIndex={0} onClick={onClose}>
        {t('privacy.close')}
      </View>
    </View>
  )
}
