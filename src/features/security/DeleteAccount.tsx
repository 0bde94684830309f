import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import LoadState from '@/components/LoadState'
import type { ProfileAnswer } from '@/contract/member'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { maskPhone } from '@/core/format'
import { errorMessage, request } from '@/core/request'
import { forgetSession } from '@/core/session'
import { useAction } from '@/hooks/useAction'
import type { QueryState } from '@/hooks/useQuery'
import { useT } from './messages'
import './security.css'
import { routeUrl } from '@/routes'

const ERASED = ['delete.erased.1', 'delete.erased.2', 'delete.erased.3', 'delete.erased.4'] as const
const RULES = ['delete.rules.1', 'delete.rules.2', 'delete.rules.3'] as const

/**
 * Delete account: what goes and what stays, then a second, explicit confirmation before the call.
 * Done → the token is forgotten here and the shopper is back on Me, anonymous. A refusal (orders on
 * the move) is shown as the server says it, and nothing changes.
 */
export default function DeleteAccount({ profile }: { profile: QueryState<ProfileAnswer> }) {
  const t = useT()
  const remove = useAction(async () => {
    if (!(await confirmAction(t('delete.confirm'), t('delete.confirmOk'), t('common.cancel')))) return
    try {
      await request('personal.user/delete', { confirm: true })
    } catch (e) {
      toastError(errorMessage(e))
      throw e
    }
    forgetSession()
    toastSuccess(t('delete.done'))
    void Taro.switchTab({ url: routeUrl('pages/personal/index') })
  })
  return (
    <LoadState loading={!profile.data && profile.loading} error={!profile.data && profile.error} onRetry={() => void profile.reload()} rows={3}>
      <View className='delete-account'>
        <View className='delete-account__box'>
          <Text className='delete-account__phone'>{t('delete.account', { phone: maskPhone(profile.data?.user.phone) })}</Text>
        </View>
        <View className='delete-account__box delete-account__erased'>
          <Text className='delete-account__heading'>{t('delete.erasedTitle')}</Text>
          {ERASED.map((k) => (
            <Text key={k} className='delete-account__item'>
              • {t(k)}
            </Text>
          ))}
        </View>
        <View className='delete-account__box delete-account__kept'>
          <Text className='delete-account__heading'>{t('delete.keptTitle')}</Text>
          <Text className='delete-account__item'>• {t('delete.kept.1')}</Text>
        </View>
        <View className='delete-account__box'>
          <Text className='delete-account__heading'>{t('delete.rulesTitle')}</Text>
          {RULES.map((k) => (
            <Text key={k} className='delete-account__item'>
              • {t(k)}
            </Text>
          ))}
        </View>
        {remove.error !== null && (
          <View className='delete-account__error' role='alert'>
            {errorMessage(remove.error)}
          </View>
        )}
        <Button className='delete-account__submit' disabled={remove.busy || undefined} loading={remove.busy} onClick={() => void remove.run()}>
          {t('delete.submit')}
        </Button>
      </View>
    </LoadState>
  )
}
