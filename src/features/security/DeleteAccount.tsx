import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import LoadState from '@/components/LoadState'
import Money from '@/components/Money'
import OrderStatusText from '@/components/OrderStatus'
import type { DeletionBlocker, DeletionRefusalData } from '@/contract/account'
import type { ProfileAnswer } from '@/contract/member'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { maskPhone } from '@/core/format'
import { errorMessage, request } from '@/core/request'
import { forgetSession } from '@/core/session'
import { useAction } from '@/hooks/useAction'
import type { QueryState } from '@/hooks/useQuery'
import { deletionBlockersOf } from './blockers'
import { useT } from './messages'
import './security.css'
import { routeUrl } from '@/routes'

const ERASED = ['delete.erased.1', 'delete.erased.2', 'delete.erased.3', 'delete.erased.4'] as const
const RULES = ['delete.rules.1', 'delete.rules.2', 'delete.rules.3'] as const

/** The orders that stop the deletion, each a link to its order (finish it, or ask a refund there). */
function Blockers({ orders }: { orders: DeletionBlocker[] }) {
  const t = useT()
  return (
    <View className='delete-account__box delete-account__blockers'>
      <Text className='delete-account__heading'>{t('delete.blockers.title')}</Text>
      {orders.map((o) => (
        <View key={o.id} className='delete-account__blocker' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/orders/detail', { id: o.id }) })}>
          <View className='delete-account__blocker-head'>
            <Text className='delete-account__blocker-title'>{o.title}</Text>
            <OrderStatusText className='delete-account__blocker-status' status={o.order_status} />
          </View>
          <View className='delete-account__blocker-foot'>
            <Text className='delete-account__blocker-no'>{t('delete.blockers.orderNo', { no: o.order_no })}</Text>
            <Money className='delete-account__blocker-amount' cents={o.pay_amount} />
          </View>
        </View>
      ))}
      <Text className='delete-account__item'>{t('delete.blockers.hint')}</Text>
    </View>
  )
}

/**
 * Delete account: the orders that stop it first (the server's list, asked on open and on every return — issue 39), what
 * goes and what stays, then a second, explicit confirmation before the call — offered only while nothing blocks. Done →
 * the token is forgotten here and the shopper is back on Me, anonymous. Refused all the same because an order got on its
 * way meanwhile (reason account_has_open_orders): the server's words and those orders, each a link to it; any other
 * refusal is shown as the server says it. Nothing changes either way.
 */
export default function DeleteAccount({ profile, check }: { profile: QueryState<ProfileAnswer>; check: QueryState<DeletionRefusalData> }) {
  const t = useT()
  const remove = useAction(async () => {
    if (!(await confirmAction(t('delete.confirm'), t('delete.confirmOk'), t('common.cancel')))) return
    try {
      await request('personal.user/delete', { confirm: true })
    } catch (e) {
      // The list above says it better than a toast that goes away.
      if (!deletionBlockersOf(e)) toastError(errorMessage(e))
      else void check.reload()
      throw e
    }
    forgetSession()
    toastSuccess(t('delete.done'))
    void Taro.switchTab({ url: routeUrl('pages/personal/index') })
  })
  // The check's list, or a refusal's when it is newer (the check is read again after it).
  const refused = deletionBlockersOf(remove.error)
  const blockers = refused && refused.length > 0 ? refused : (check.data?.orders ?? [])
  const blocked = blockers.length > 0
  return (
    <LoadState loading={(!profile.data && profile.loading) || (!check.data && !check.error && check.loading)} error={!profile.data && profile.error} onRetry={() => void profile.reload()} rows={3}>
      <View className='delete-account'>
        <View className='delete-account__box'>
          <Text className='delete-account__phone'>{t('delete.account', { phone: maskPhone(profile.data?.user.phone) })}</Text>
        </View>
        {blocked && <Blockers orders={blockers} />}
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
        {blocked ? (
          // No final step while an order blocks it: the list above says what to do first.
          <Text className='delete-account__blocked' role='status'>
            {t('delete.blocked')}
          </Text>
        ) : (
          <Button className='delete-account__submit' disabled={remove.busy || undefined} loading={remove.busy} onClick={() => void remove.run()}>
            {t('delete.submit')}
          </Button>
        )}
      </View>
    </LoadState>
  )
}
