import { Button, Text, View } from '@tarojs/components'
import { useT } from '@/core/i18n'
import { goToLogin } from '@/core/session'
import './AccountHeader.css'

/** Top of My account. Anonymous: the way in (bind a phone); it comes back here afterwards. */
export default function AccountHeader({ loggedIn }: { loggedIn: boolean }) {
  const t = useT()
  if (!loggedIn) {
    return (
      <View className='account-header account-header--anonymous'>
        <View className='account-header__avatar' />
        <View className='account-header__text'>
          <Button className='account-header__login' onClick={() => goToLogin('/pages/personal/index')}>
            {t('me.login')}
          </Button>
          <Text className='account-header__hint'>{t('me.loginHint')}</Text>
        </View>
      </View>
    )
  }
  return (
    <View className='account-header'>
      <View className='account-header__avatar' />
    </View>
  )
}
