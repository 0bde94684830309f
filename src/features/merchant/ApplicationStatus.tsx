import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { MerchantApplication } from '@/contract/merchant'
import { MERCHANT_APPLICATION_FIELDS, type MerchantApplicationField } from '@/contract/merchantEndpoints'
import { routeUrl } from '@/routes'
import { useT } from './messages'

interface Props {
  application: MerchantApplication
  /** Ask the server again (submitted / in review: the operator may have decided). */
  onRefresh: () => void
  refreshing: boolean
}

const STEP_OF: Record<MerchantApplication['status'], number> = { submitted: 1, in_review: 1, rejected: 1, approved: 2 }
const ICON: Record<MerchantApplication['status'], string> = { submitted: '✓', in_review: '…', approved: '✓', rejected: '!' }

/**
 * Where the application stands, on the sign-up screen once submitted: the three steps, the status in words, and what
 * to do next — wait (and refresh), open the workbench (approved), or the fields the reviewer rejected with their words
 * (the form to fix them follows on the screen).
 */
export default function ApplicationStatus({ application: a, onRefresh, refreshing }: Props) {
  const t = useT()
  const step = STEP_OF[a.status]
  const rejected = MERCHANT_APPLICATION_FIELDS.filter((f): f is MerchantApplicationField => Boolean(a.rejections[f]))
  return (
    <View className={`mc-status mc-status--${a.status}`} role='status'>
      <View className='mc-steps' aria-hidden='true'>
        {(['fill', 'review', 'live'] as const).map((s, i) => (
          <View key={s} className={`mc-steps__step${i <= step ? ' mc-steps__step--done' : ''}${i === step && a.status !== 'approved' ? ' mc-steps__step--now' : ''}`}>
            <Text className='mc-steps__dot'>{i + 1}</Text>
            <Text className='mc-steps__name'>{t(`merchant.step.${s}`)}</Text>
          </View>
        ))}
      </View>
      <View className='mc-status__head'>
        <Text className={`mc-status__icon mc-status__icon--${a.status}`} aria-hidden='true'>
          {ICON[a.status]}
        </Text>
        <View className='mc-status__words'>
          <Text className='mc-status__title'>{t(`merchant.status.${a.status}`)}</Text>
          <Text className='mc-status__text'>{t(`merchant.status.${a.status}Text`, { name: a.shop_name })}</Text>
        </View>
      </View>
      {a.status !== 'rejected' && (
        <View className='mc-status__shop'>
          <Text className='mc-status__shop-label'>{t('merchant.status.shop')}</Text>
          <Text className='mc-status__shop-name'>{a.shop_name}</Text>
        </View>
      )}
      {rejected.length > 0 && (
        <View className='mc-status__reasons'>
          {rejected.map((f) => (
            <View key={f} className={`mc-status__reason mc-status__reason--${f}`}>
              <Text className='mc-status__reason-field'>{t(`merchant.f.${f}`)}</Text>
              <Text className='mc-status__reason-why'>{a.rejections[f]}</Text>
            </View>
          ))}
        </View>
      )}
      {a.status === 'approved' && (
        <Button className='btn-pill mc-status__go' onClick={() => void Taro.navigateTo({ url: routeUrl('pages/store/index') })}>
          {t('merchant.workbench')}
        </Button>
      )}
      {(a.status === 'submitted' || a.status === 'in_review') && (
        <Button className='btn-outline mc-status__refresh' disabled={refreshing || undefined} loading={refreshing} onClick={onRefresh}>
          {t('merchant.status.refresh')}
        </Button>
      )}
    </View>
  )
}
