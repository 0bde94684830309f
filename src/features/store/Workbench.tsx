import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Money from '@/components/Money'
import type { WorkbenchAnswer } from '@/contract/store'
import { useT } from '@/features/store/messages'
import { routeUrl } from '@/routes'
import './store.css'

/** Workbench home: the store, the business day's figures, what needs doing, and the entries to the store's screens. */
export default function Workbench({ data }: { data: WorkbenchAnswer }) {
  const t = useT()
  const go = (url: string) => void Taro.navigateTo({ url })
  return (
    <View className='workbench'>
      <View className='workbench__head'>
        <Text className='workbench__shop'>{data.shop.name}</Text>
        <Text className='workbench__day'>{t('store.businessDay', { day: data.business_day })}</Text>
      </View>
      <View className='workbench__figures'>
        <View className='workbench__figure'>
          <Text className='workbench__value workbench__paid-count'>{data.paid_count}</Text>
          <Text className='workbench__label'>{t('store.paidCount')}</Text>
        </View>
        <View className='workbench__figure'>
          <Money className='workbench__value workbench__takings' cents={data.takings} />
          <Text className='workbench__label'>{t('store.takings')}</Text>
        </View>
      </View>
      <View className='workbench__todo'>
        <View className='workbench__todo-item workbench__to-verify' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/orders', { todo: 'verify' }))}>
          <Text className={`workbench__count${data.to_verify > 0 ? ' workbench__count--due' : ''}`}>{data.to_verify}</Text>
          <Text className='workbench__label'>{t('store.toVerify')}</Text>
        </View>
        <View className='workbench__todo-item workbench__refunds' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/orders', { todo: 'refund' }))}>
          <Text className={`workbench__count${data.refunds_to_answer > 0 ? ' workbench__count--due' : ''}`}>{data.refunds_to_answer}</Text>
          <Text className='workbench__label'>{t('store.refundsToAnswer')}</Text>
        </View>
        <View className='workbench__todo-item workbench__to-ship' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/orders', { todo: 'ship' }))}>
          <Text className={`workbench__count${(data.to_ship ?? 0) > 0 ? ' workbench__count--due' : ''}`}>{data.to_ship ?? 0}</Text>
          <Text className='workbench__label'>{t('store.toShip')}</Text>
        </View>
      </View>
      <View className='workbench__entries'>
        {typeof data.takeout_to_accept === 'number' && (
          <View
            className='workbench__entry workbench__entry--takeout'
            role='link'
            tabIndex={0}
            onClick={() => go(routeUrl('pages/store/takeout'))}
          >
            <View className='workbench__entry-line'>
              <Text className='workbench__entry-title'>{t('store.takeout')}</Text>
              {data.takeout_to_accept > 0 && (
                <Text className='workbench__badge'>{t('store.takeoutBadge', { n: data.takeout_to_accept })}</Text>
              )}
            </View>
            <Text className='workbench__entry-hint'>{t('store.takeoutHint')}</Text>
          </View>
        )}
        <View className='workbench__entry workbench__entry--verify' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/verify'))}>
          <Text className='workbench__entry-title'>{t('store.verify')}</Text>
          <Text className='workbench__entry-hint'>{t('store.verifyHint')}</Text>
        </View>
        <View className='workbench__entry workbench__entry--orders' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/orders'))}>
          <Text className='workbench__entry-title'>{t('store.orders')}</Text>
          <Text className='workbench__entry-hint'>{t('store.ordersHint')}</Text>
        </View>
        <View className='workbench__entry workbench__entry--jobs' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/jobs'))}>
          <View className='workbench__entry-line'>
            <Text className='workbench__entry-title'>{t('store.jobs')}</Text>
            {(data.jobs?.to_answer ?? 0) > 0 && (
              <Text className='workbench__badge workbench__jobs-badge'>
                {data.jobs?.hidden ? t('store.jobsBadgeHidden', { n: data.jobs.to_answer, hidden: data.jobs.hidden }) : t('store.jobsBadge', { n: data.jobs?.to_answer ?? 0 })}
              </Text>
            )}
          </View>
          <Text className='workbench__entry-hint'>{t('store.jobsHint')}</Text>
        </View>
        {/* The shop's profile is the owner's to change (issue 44); staff are not offered what they cannot use. */}
        {data.role === 'owner' && (
          <View className='workbench__entry workbench__entry--profile' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/profile'))}>
            <Text className='workbench__entry-title'>{t('store.profile')}</Text>
            <Text className='workbench__entry-hint'>{t('store.profileHint')}</Text>
          </View>
        )}
        {/* The menu (issue 44): the owner builds it; staff read it (and mark sold out under Takeout settings). */}
        <View className='workbench__entry workbench__entry--menu' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/menu'))}>
          <Text className='workbench__entry-title'>{t('store.menu')}</Text>
          <Text className='workbench__entry-hint'>{t(data.role === 'owner' ? 'store.menuHint' : 'store.menuHintStaff')}</Text>
        </View>
        {data.role === 'owner' && (
          <>
            <View className='workbench__entry workbench__entry--coupons' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/coupons'))}>
              <Text className='workbench__entry-title'>{t('store.coupons')}</Text>
              <Text className='workbench__entry-hint'>{t('store.couponsHint')}</Text>
            </View>
            <View className='workbench__entry workbench__entry--changes' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/changes'))}>
              <Text className='workbench__entry-title'>{t('store.changes')}</Text>
              <Text className='workbench__entry-hint'>{t('store.changesHint')}</Text>
            </View>
          </>
        )}
        {/* Inviting and removing staff is the owner's alone: staff are not offered what they cannot use. */}
        {data.role === 'owner' && (
          <View className='workbench__entry workbench__entry--staff' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/staff'))}>
            <Text className='workbench__entry-title'>{t('store.staff')}</Text>
            <Text className='workbench__entry-hint'>{t('store.staffHint')}</Text>
          </View>
        )}
      </View>
      <Text className='workbench__note'>{t('store.autoApprove', { hours: data.refund_auto_approve_hours })}</Text>
    </View>
  )
}
