import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { Job } from '@/contract/jobs'
import { formatDistance } from '@/contract/distance'
import { routeUrl } from '@/routes'
import { useT } from './messages'

export { useT }
import './index.css'

type T = ReturnType<typeof useT>

export const payText = (t: T, j: Pick<Job, 'salary_min' | 'salary_max'>) => t('jobs.pay', { min: j.salary_min, max: j.salary_max })

/** One posting in a list (Jobs, Search's Jobs tab): title, pay, shop, distance, category and headcount. */
export default function JobCard({ job: j }: { job: Job }) {
  const t = useT()
  return (
    <View className='job-card' role='listitem'>
      <View className='job-card__tap' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/recruit/detail', { id: j.id }) })}>
        <View className='job-card__head'>
          <Text className='job-card__title'>{j.title}</Text>
          <Text className='job-card__pay'>{payText(t, j)}</Text>
        </View>
        <View className='job-card__tags'>
          <Text className='job-tag'>{t(`jobs.cat.${j.category}`)}</Text>
          <Text className='job-tag'>{t('jobs.headcount', { n: j.headcount })}</Text>
        </View>
        <View className='job-card__foot'>
          <Text className='job-card__shop'>{j.shop.name}</Text>
          {j.shop.distance !== null && <Text className='job-card__distance'>{formatDistance(j.shop.distance)}</Text>}
        </View>
      </View>
    </View>
  )
}
