import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { jobContact, reportJob, useJob } from '@/api/jobs'
import ChoiceSheet from '@/components/ChoiceSheet'
import LoadState from '@/components/LoadState'
import { showPlace } from '@/components/PlaceMap/showPlace'
import { formatDistance } from '@/contract/distance'
import { JOB_REPORT_REASONS } from '@/contract/jobEndpoints'
import type { JobContactAnswer } from '@/contract/jobs'
import { errorMessage, isRefusal } from '@/core/request'
import { goToLogin } from '@/core/session'
import { useShopperLocation } from '@/hooks/useShopperLocation'
import { useSignedIn } from '@/hooks/useSignedIn'
import { routeUrl } from '@/routes'
import { payText, useT as useCardT } from '@/components/JobCard'
import { useT } from './messages'
import './jobs.css'

/** The business day of an instant (Asia/Shanghai, a fixed +08:00): "YYYY-MM-DD". */
const dayOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10)

/**
 * One posting: title, pay, hours, requirements, benefits, its shop (→ Shop details) and place (the map, as Shop
 * details opens it); the contact only for a signed-in shopper (anonymous: a login, coming back here), limited per day
 * by the server; a report with a reason (signed in).
 */
export default function JobDetail({ id }: { id: number }) {
  const t = useT()
  const ct = useCardT()
  const here = useShopperLocation()
  const job = useJob(id, here.point)
  const [contact, setContact] = useState<JobContactAnswer | null>(null)
  const [contactError, setContactError] = useState('')
  const [asking, setAsking] = useState(false)
  const [reporting, setReporting] = useState(false)
  const [reportNote, setReportNote] = useState('')
  const info = job.data
  // Read again whenever the screen shows: back from logging in (weapp: navigateBack), the contact button asks.
  const { signedIn } = useSignedIn()
  const here_ = routeUrl('pages/recruit/detail', { id })

  const showContact = () => {
    if (!signedIn) return goToLogin(here_)
    setAsking(true)
    setContactError('')
    jobContact(id)
      .then(setContact, (e: unknown) => setContactError(errorMessage(e)))
      .finally(() => setAsking(false))
  }
  const report = (i: number) => {
    setReporting(false)
    const reason = JOB_REPORT_REASONS[i]
    if (!reason) return
    reportJob(id, reason).then(
      () => setReportNote(t('jobs.reported')),
      (e: unknown) => setReportNote(errorMessage(e)),
    )
  }

  return (
    <LoadState loading={id > 0 && job.loading} error={job.error} missing={!(id > 0) || isRefusal(job.error, 'job_not_found')} onRetry={() => void job.reload()} rows={4}>
      {info && (
        <View className='job'>
          <View className='job__head'>
            <Text className='job__title' role='heading' aria-level={1}>
              {info.title}
            </Text>
            <Text className='job__pay'>{payText(ct, info)}</Text>
            <View className='job-card__tags'>
              <Text className='job-tag'>{ct(`jobs.cat.${info.category}`)}</Text>
              <Text className='job-tag'>{ct('jobs.headcount', { n: info.headcount })}</Text>
              <Text className='job-tag'>{t('jobs.expires', { date: dayOf(info.expires_at) })}</Text>
            </View>
          </View>

          <View className='job__section'>
            <Text className='job__label' role='heading' aria-level={2}>
              {t('jobs.shop')}
            </Text>
            <View className='job__row' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/shops/details', { id: info.shop.id }) })}>
              <Text className='job__shop'>{info.shop.name}</Text>
              <Text className='job__link'>{t('jobs.shopOpen')} ›</Text>
            </View>
            <View className='job__row' role='link' tabIndex={0} onClick={() => void showPlace({ lat: info.shop.lat, lng: info.shop.lng, name: info.shop.name, address: info.shop.address })}>
              <View className='job__place'>
                <Text className='job__place-label'>{t('jobs.address')}</Text>
                <Text className='job__text'>{info.shop.address}</Text>
              </View>
              <Text className='job__link'>{info.shop.distance !== null ? t('jobs.distance', { distance: formatDistance(info.shop.distance) }) : t('jobs.map')} ›</Text>
            </View>
          </View>

          {(
            [
              ['jobs.hours', info.hours],
              ['jobs.requirements', info.requirements],
              ['jobs.benefits', info.benefits],
            ] as const
          ).map(([label, body]) => (
            <View key={label} className='job__section'>
              <Text className='job__label' role='heading' aria-level={2}>
                {t(label)}
              </Text>
              <Text className='job__text'>{body}</Text>
            </View>
          ))}

          <View className='job__section job__contact'>
            <Text className='job__label' role='heading' aria-level={2}>
              {t('jobs.contact')}
            </Text>
            {contact ? (
              <View>
                <Text className='job__text'>{contact.name}</Text>
                <View className='job__actions'>
                  <Button className='btn-pill job__btn' onClick={() => void Taro.makePhoneCall({ phoneNumber: contact.phone }).catch(() => undefined)}>
                    {t('jobs.call', { phone: contact.phone })}
                  </Button>
                  <Text className='job__copy' role='button' tabIndex={0} onClick={() => void Taro.setClipboardData({ data: contact.phone }).catch(() => undefined)}>
                    {t('jobs.copy')}
                  </Text>
                </View>
                <Text className='job__note'>{t('jobs.contactLeft', { used: contact.used_today, limit: contact.limit })}</Text>
              </View>
            ) : (
              <Button className='btn-pill job__btn' disabled={asking || undefined} loading={asking} onClick={showContact}>
                {signedIn ? t('jobs.contactShow') : t('jobs.contactLogin')}
              </Button>
            )}
            {contactError && (
              <Text className='job__error' role='alert'>
                {contactError}
              </Text>
            )}
          </View>

          <View className='job__report'>
            <Text className='job__report-btn' role='button' tabIndex={0} aria-haspopup='dialog' onClick={() => (signedIn ? setReporting(true) : goToLogin(here_))}>
              {t('jobs.report')}
            </Text>
            {reportNote && (
              <Text className='job__note' role='status'>
                {reportNote}
              </Text>
            )}
          </View>
          <ChoiceSheet
            id='job-report-sheet'
            open={reporting}
            title={t('jobs.reportTitle')}
            choices={JOB_REPORT_REASONS.map((r) => ({ key: r, label: t(`jobs.reason.${r}`) }))}
            cancelText={t('jobs.cancel')}
            onPick={report}
            onClose={() => setReporting(false)}
          />
        </View>
      )}
    </LoadState>
  )
}
