import { Button, Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { requestJob } from '@/api/jobs'
import type { StoreJob } from '@/contract/jobs'
import { JOB_CATEGORIES } from '@/contract/jobEndpoints'
import { toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useT, type keys } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import { draftOf, emptyJob, payloadOf, TEXT_MAX, validateJob, type JobDraft, type JobErrors, type JobField } from './storeJobDraft'
import './store.css'

interface Props {
  /** The posting edited; null: a new one. */
  job: StoreJob | null
  onCancel: () => void
  onSaved: (job: StoreJob) => void
}

type Key = (typeof keys)[number]

const FIELDS: Array<{ f: Exclude<JobField, 'category'>; type?: 'number'; ph?: Key }> = [
  { f: 'title', ph: 'storeJobs.ph.title' },
  { f: 'salary_min', type: 'number' },
  { f: 'salary_max', type: 'number' },
  { f: 'headcount', type: 'number' },
  { f: 'hours', ph: 'storeJobs.ph.hours' },
  { f: 'requirements', ph: 'storeJobs.ph.requirements' },
  { f: 'benefits', ph: 'storeJobs.ph.benefits' },
  { f: 'contact_name' },
  { f: 'contact_phone', ph: 'storeJobs.ph.contactPhone' },
]
const LABEL: Record<JobField, Key> = {
  title: 'storeJobs.f.title',
  category: 'storeJobs.f.category',
  salary_min: 'storeJobs.f.salaryMin',
  salary_max: 'storeJobs.f.salaryMax',
  headcount: 'storeJobs.f.headcount',
  hours: 'storeJobs.f.hours',
  requirements: 'storeJobs.f.requirements',
  benefits: 'storeJobs.f.benefits',
  contact_name: 'storeJobs.f.contactName',
  contact_phone: 'storeJobs.f.contactPhone',
}

/**
 * Post or edit a posting: the fields the server takes, checked as the server checks them (errors shown by Save,
 * then following what is typed), one save in flight; a refusal keeps everything typed.
 */
export default function StoreJobForm({ job, onCancel, onSaved }: Props) {
  const t = useT()
  const [draft, setDraft] = useState<JobDraft>(() => (job ? draftOf(job) : emptyJob()))
  const [errors, setErrors] = useState<JobErrors>({})
  const set = (f: JobField, value: string) => {
    const next = { ...draft, [f]: value }
    setDraft(next)
    // Only fields already in error are checked again as they change (and the top pay with the bottom one).
    if (!Object.keys(errors).length) return
    const found = validateJob(next)
    setErrors((e) => {
      const out = { ...e }
      for (const k of [f, ...(f === 'salary_min' ? (['salary_max'] as const) : [])]) {
        if (!e[k]) continue
        if (found[k]) out[k] = found[k]
        else delete out[k]
      }
      return out
    })
  }

  // Save refused for what is typed: the first error (and its field above it) is brought into view (the form is longer than a screen).
  const [refusedAt, setRefusedAt] = useState(0)
  useEffect(() => {
    if (!refusedAt) return
    try {
      void Taro.pageScrollTo({ selector: '.store-job-form__error', offsetTop: -160, duration: 200 }).catch(() => undefined)
    } catch {
      // A runtime without page scrolling: the errors stay where they are.
    }
  }, [refusedAt])

  const save = useAction(async () => {
    const found = validateJob(draft)
    setErrors(found)
    if (Object.keys(found).length) {
      setRefusedAt((n) => n + 1)
      toastError(t('storeJobs.fix'))
      return
    }
    try {
      const { info } = await requestJob('hui_shanghu.store_job/save', payloadOf(draft, job?.id))
      toastSuccess(t(job ? 'storeJobs.savedEdit' : 'storeJobs.saved'))
      onSaved(info)
    } catch (e) {
      toastError(errorMessage(e))
    }
  })

  const error = (f: JobField) => {
    const e = errors[f]
    if (!e) return null
    return (
      <Text className={`store-job-form__error store-job-form__error--${f}`} id={`store-job-err-${f}`}>
        {t(`storeJobs.err.${e.key}`, { field: t(LABEL[f]), max: e.max ?? 0 })}
      </Text>
    )
  }

  return (
    <View className='store-box store-job-form' role='form' aria-label={t(job ? 'storeJobs.editTitle' : 'storeJobs.newTitle')}>
      <Text className='store-section'>{t(job ? 'storeJobs.editTitle' : 'storeJobs.newTitle')}</Text>
      {FIELDS.map(({ f, type, ph }) => (
        <View key={f} className={`store-job-form__row store-job-form__row--${f}`}>
          <Text className='store-job-form__label'>{t(LABEL[f])}</Text>
          <Input
            className={`store-job-form__input store-job-form__${f}${errors[f] ? ' store-job-form__input--bad' : ''}`}
            type={type === 'number' ? 'number' : 'text'}
            maxlength={TEXT_MAX[f] ?? (f === 'headcount' ? 3 : f === 'contact_phone' ? 13 : 7)}
            placeholder={ph ? t(ph) : ''}
            nativeProps={{ 'aria-label': t(LABEL[f]), 'aria-invalid': errors[f] ? 'true' : 'false' }}
            value={draft[f]}
            onInput={(e) => set(f, e.detail.value)}
          />
          {error(f)}
          {f === 'title' && (
            <View className='store-job-form__row store-job-form__row--category'>
              <Text className='store-job-form__label' id='store-job-category'>
                {t(LABEL.category)}
              </Text>
              <View className='store-job-form__cats' role='radiogroup' aria-labelledby='store-job-category'>
                {JOB_CATEGORIES.map((c) => (
                  <View
                    key={c}
                    className={`store-job-form__cat${draft.category === c ? ' store-job-form__cat--on' : ''}`}
                    role='radio'
                    aria-checked={draft.category === c}
                    tabIndex={0}
                    onClick={() => set('category', c)}
                  >
                    {t(`storeJobs.cat.${c}`)}
                  </View>
                ))}
              </View>
              {error('category')}
            </View>
          )}
        </View>
      ))}
      <View className='store-actions store-job-form__actions'>
        <Button className='btn-outline store-actions__btn store-job-form__cancel' disabled={save.busy || undefined} onClick={onCancel}>
          {t('storeJobs.cancel')}
        </Button>
        <Button className='btn-pill store-actions__btn store-job-form__save' disabled={save.busy || undefined} loading={save.busy} onClick={() => void save.run()}>
          {t(job ? 'storeJobs.saveEdit' : 'storeJobs.save')}
        </Button>
      </View>
    </View>
  )
}
