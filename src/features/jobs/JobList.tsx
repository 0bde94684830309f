import { Input, Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { useJobPages } from '@/api/jobs'
import { useCities, useFollowedPoint } from '@/api/site'
import ChoiceSheet from '@/components/ChoiceSheet'
import LoadState from '@/components/LoadState'
import LocationBar from '@/components/LocationBar'
import { EmptyState, ListFooter } from '@/components/StateView'
import { JOB_CATEGORIES, JOB_SALARY_FLOORS, type JobCategory } from '@/contract/jobEndpoints'
import { chooseCity } from '@/core/city'
import { errorMessage } from '@/core/request'
import { getItem, type City } from '@/core/storage'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useShopperLocation } from '@/hooks/useShopperLocation'
import JobCard, { useT as useCardT } from '@/components/JobCard'
import { useT } from './messages'
import './jobs.css'

export const JOB_SEARCH_DEBOUNCE_MS = 300

/**
 * Jobs: listed postings of live shops with the shop's name and distance; a keyword (debounced), the city (Home's to
 * start with, or all), category and least salary; nearest first once the shopper's location is known. Infinite
 * scroll; a pull asks again.
 */
export default function JobList() {
  const t = useT()
  const ct = useCardT()
  const [text, setText] = useState('')
  const [keyword, setKeyword] = useState('')
  const [category, setCategory] = useState<JobCategory | undefined>()
  const [salaryMin, setSalaryMin] = useState(0)
  const [cityId, setCityId] = useState<number | undefined>(() => getItem('city')?.id)
  const [choosingCity, setChoosingCity] = useState(false)
  const cities = useCities()
  const here = useShopperLocation()
  const near = useFollowedPoint(here.point, (c) => setCityId(c.id))
  const jobs = useJobPages({ cityId, category, salaryMin, keyword, point: near })
  useReachBottom(() => void jobs.loadMore())
  usePullRefresh(() => jobs.refresh())

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), JOB_SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])

  const cityList = cities.data?.list ?? []
  const cityName = cityId === undefined ? t('jobs.allCities') : (cityList.find((c) => c.id === cityId)?.name ?? getItem('city')?.name ?? '')
  const pickCity = (c: City | undefined) => {
    setCityId(c?.id)
    if (c) chooseCity(c)
  }
  const filtered = Boolean(keyword || category || salaryMin)
  const clearFilters = () => {
    setText('')
    setKeyword('')
    setCategory(undefined)
    setSalaryMin(0)
  }

  return (
    <View className='jobs'>
      <View className='jobs__bar' role='search'>
        <Input
          className='jobs__input'
          value={text}
          placeholder={t('jobs.search')}
          nativeProps={{ 'aria-label': t('jobs.searchLabel') }}
          confirmType='search'
          onInput={(e) => setText(e.detail.value)}
          onConfirm={() => setKeyword(text.trim())}
        />
        <Text className='jobs__city' role='button' tabIndex={0} aria-haspopup='dialog' onClick={() => setChoosingCity(true)}>
          {t('jobs.city', { city: cityName })} ▾
        </Text>
      </View>
      <LocationBar loc={here.loc} onLocate={() => void here.locate()} onAllow={() => void here.allowLater()} />
      <ChoiceSheet
        id='jobs-city-sheet'
        open={choosingCity}
        title={t('jobs.chooseCity')}
        choices={[{ key: 'all', label: t('jobs.allCities'), selected: cityId === undefined }, ...cityList.map((c) => ({ key: c.id, label: c.name, selected: c.id === cityId }))]}
        cancelText={t('jobs.cancel')}
        onPick={(i) => pickCity(i === 0 ? undefined : cityList[i - 1])}
        onClose={() => setChoosingCity(false)}
      />
      <View className='jobs__chips' role='group' aria-label={t('jobs.category')}>
        {[undefined, ...JOB_CATEGORIES].map((c) => (
          <Text key={c ?? 'all'} className={`jobs__chip tap-slop${category === c ? ' jobs__chip--on' : ''}`} role='button' tabIndex={0} aria-pressed={category === c} onClick={() => setCategory(c)}>
            {c ? ct(`jobs.cat.${c}`) : t('jobs.all')}
          </Text>
        ))}
      </View>
      <View className='jobs__chips' role='group' aria-label={t('jobs.salary')}>
        {JOB_SALARY_FLOORS.map((s) => (
          <Text key={s} className={`jobs__chip tap-slop${salaryMin === s ? ' jobs__chip--on' : ''}`} role='button' tabIndex={0} aria-pressed={salaryMin === s} onClick={() => setSalaryMin(s)}>
            {s === 0 ? t('jobs.salaryAny') : t('jobs.salaryFrom', { amount: s })}
          </Text>
        ))}
      </View>
      <LoadState loading={jobs.loading} error={jobs.items.length === 0 ? jobs.error : null} onRetry={() => void jobs.retry()} rows={4}>
        {jobs.empty ? (
          <EmptyState title={t('jobs.empty')} hint={t('jobs.emptyHint')} {...(filtered ? { actionText: t('jobs.clearFilters'), onAction: clearFilters } : {})} />
        ) : (
          <View className='jobs__list' role='list'>
            {jobs.items.map((j) => (
              <JobCard key={j.id} job={j} />
            ))}
            <ListFooter
              loadingMore={jobs.loadingMore}
              hasMore={jobs.hasMore}
              loadingText={t('jobs.loadingMore')}
              endText={t('jobs.end')}
              failed={jobs.error && jobs.items.length > 0 ? { message: errorMessage(jobs.error), retryText: t('jobs.retry'), onRetry: () => void jobs.retry() } : undefined}
            />
          </View>
        )}
      </LoadState>
    </View>
  )
}
