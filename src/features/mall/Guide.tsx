import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { AUTO_COMPLETE_DAYS } from '@/contract/mallEndpoints'
import { routeUrl } from '@/routes'
import { useT } from './messages'
import './mall.css'

const STEPS = ['1', '2', '3', '4'] as const

/** Mall guide: how buying, delivery, receipt and refunds work, as steps, and what members get. */
export default function Guide() {
  const t = useT()
  return (
    <View className='mall-guide'>
      <Text className='mall-guide__title'>{t('mall.guide.title')}</Text>
      <View className='mall-guide__steps' role='list'>
        {STEPS.map((n) => (
          <View key={n} className='mall-guide__step' role='listitem'>
            <Text className='mall-guide__no' aria-hidden='true'>
              {n}
            </Text>
            <View className='mall-guide__body'>
              <Text className='mall-guide__step-title'>{t(`mall.guide.step${n}`)}</Text>
              <Text className='mall-guide__text'>{t(`mall.guide.step${n}Text`, { days: AUTO_COMPLETE_DAYS })}</Text>
            </View>
          </View>
        ))}
      </View>
      <View className='mall-box mall-guide__member'>
        <Text className='mall-box__title'>{t('mall.guide.member')}</Text>
        <Text className='mall-guide__text'>{t('mall.guide.memberText')}</Text>
      </View>
      <Button className='btn-pill mall-guide__shop' onClick={() => void Taro.redirectTo({ url: routeUrl('pages/vMall/index') })}>
        {t('mall.guide.shop')}
      </Button>
    </View>
  )
}
