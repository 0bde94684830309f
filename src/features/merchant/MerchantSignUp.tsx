import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { isStaff } from '@/api/account'
import { useBusinessClasses } from '@/api/businessClasses'
import { useMyApplication } from '@/api/merchant'
import { useCities } from '@/api/site'
import LoadState from '@/components/LoadState'
import type { MerchantApplication } from '@/contract/merchant'
import { request } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'
import { routeUrl } from '@/routes'
import ApplicationStatus from './ApplicationStatus'
import MerchantForm from './MerchantForm'
import { useT } from './messages'
import './merchant.css'

const HERE = routeUrl('pages/shopRegister/index')

/**
 * Merchant sign-up (issue 26): a shopper applies for a shop; once submitted the same screen follows the review —
 * submitted, in review, approved (the way to the workbench), rejected (the fields marked, the form to fix them and
 * resubmit the same application). Needs a login; the lists the form chooses from load with it.
 */
export default function MerchantSignUp() {
  const t = useT()
  const mine = useMyApplication({ returnTo: HERE, reloadOnReturn: true })
  const classes = useBusinessClasses()
  const cities = useCities()
  const regions = useQuery(() => request('website.hui_china_city/regionTree', {}), [], mine.signedIn)
  // What the last submit answered, until the server is asked again.
  const [sent, setSent] = useState<MerchantApplication | null>(null)

  const loading = mine.loading || classes.loading || cities.loading || regions.loading
  const error = mine.error ?? classes.error ?? cities.error ?? regions.error
  const retry = () => {
    setSent(null)
    if (mine.error) void mine.reload()
    if (classes.error) void classes.reload()
    if (cities.error) void cities.reload()
    if (regions.error) void regions.reload()
  }
  const data = mine.data
  const application = sent ?? data?.application ?? null

  const hero = (
    <View className='mc-hero'>
      <Text className='mc-hero__title'>{t('merchant.heroTitle')}</Text>
      <Text className='mc-hero__text'>{t('merchant.heroText')}</Text>
    </View>
  )

  const ready = Boolean(data && classes.data && cities.data && regions.data)
  let body = null
  if (data && classes.data && cities.data && regions.data) {
    if (!application && isStaff(data.user)) {
      body = (
        <View className='mc-status mc-status--staff' role='status'>
          <Text className='mc-status__title'>{t('merchant.staffTitle')}</Text>
          <Text className='mc-status__text'>{t('merchant.staffText')}</Text>
          <Button className='btn-pill mc-status__go' onClick={() => void Taro.navigateTo({ url: routeUrl('pages/store/index') })}>
            {t('merchant.workbench')}
          </Button>
        </View>
      )
    } else {
      const form = !application || application.status === 'rejected'
      body = (
        <>
          {application && (
            <ApplicationStatus
              application={application}
              refreshing={mine.loading}
              onRefresh={() => {
                setSent(null)
                void mine.reload()
              }}
            />
          )}
          {form && (
            <MerchantForm
              key={`${application?.id ?? 0}-${application?.updated_at ?? 0}`}
              user={data.user}
              application={application}
              classes={classes.data.list}
              cities={cities.data.list}
              regions={regions.data.list}
              onSubmitted={(a) => {
                setSent(a)
                void Taro.pageScrollTo({ scrollTop: 0, duration: 0 }).catch(() => undefined)
              }}
            />
          )}
        </>
      )
    }
  }

  return (
    <View className='mc'>
      {hero}
      <LoadState loading={loading && !ready} error={ready ? null : error} loginTo={mine.loginTo} onRetry={retry} rows={4}>
        {body}
      </LoadState>
    </View>
  )
}
