import { Button, Text, View } from '@tarojs/components'
import type { AccountWords } from '../words'

/** Top of My account for a shopper who has not logged in: the way in. */
export function AnonymousHeaderView({ t, onLogin }: { t: AccountWords; onLogin?: () => void }) {
  return (
    <View className='account-header account-header--anonymous'>
      <View className='account-header__avatar' />
      <View className='account-header__text'>
        <Button className='account-header__login' onClick={onLogin}>
          {t('me.login')}
        </Button>
        <Text className='account-header__hint'>{t('me.loginHint')}</Text>
      </View>
    </View>
  )
}
