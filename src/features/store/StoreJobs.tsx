import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { requestJob } from '@/api/jobs'
import FormSheet from '@/components/FormSheet'
import { EmptyState } from '@/components/StateView'
import type { StoreJob } from '@/contract/jobs'
import { serverNow } from '@/core/clock'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import StoreJobForm from './StoreJobForm'
import './store.css'

/** An open posting this close to its end reads "expiring soon". */
export const EXPIRING_SOON_MS = 3 * 86_400_000
const ANSWER_MAX = 200
const dayOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10)

type Shown = StoreJob['state'] | 'soon'
export const shownState = (j: StoreJob, now: number): Shown => (j.state === 'open' && j.expires_at - now <= EXPIRING_SOON_MS ? 'soon' : j.state)

interface Props {
  jobs: StoreJob[]
  /** A posting as the server now has it (the answer to every write). */
  onChanged: (job: StoreJob) => void
}

/**
 * The shop's postings (workbench → Jobs): each with its state (open, expiring soon, expired, hidden by the platform,
 * closed), post and edit on the same screen, stop hiring, "still hiring" (30 days again), answer open reports.
 * One write at a time.
 */
export default function StoreJobs({ jobs, onChanged }: Props) {
  const t = useT()
  // The form: 'new', a posting being edited, or nothing (the list).
  const [editing, setEditing] = useState<StoreJob | 'new' | null>(null)
  const [answering, setAnswering] = useState<StoreJob | null>(null)
  const now = serverNow()

  const act = useAction(async (kind: 'close' | 'confirm', job: StoreJob) => {
    if (kind === 'close' && !(await confirmAction(t('storeJobs.closeAsk'), t('storeJobs.closeYes'), t('storeJobs.cancel')))) return
    try {
      const { info } = await requestJob(kind === 'close' ? 'hui_shanghu.store_job/close' : 'hui_shanghu.store_job/confirm', { id: job.id })
      onChanged(info)
      toastSuccess(t(kind === 'close' ? 'storeJobs.closed' : 'storeJobs.stillDone'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })

  if (editing) {
    return (
      <View className='store-order store-jobs'>
        <StoreJobForm
          job={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(job) => {
            onChanged(job)
            setEditing(null)
          }}
        />
      </View>
    )
  }

  return (
    <View className='store-order store-jobs'>
      <Button className='btn-pill store-jobs__post' onClick={() => setEditing('new')}>
        {t('storeJobs.post')}
      </Button>
      {jobs.length === 0 ? (
        <EmptyState title={t('storeJobs.empty')} hint={t('storeJobs.emptyHint')} />
      ) : (
        <View className='store-jobs__list' role='list'>
          {jobs.map((j) => {
            const shown = shownState(j, now)
            return (
              <View key={j.id} className={`store-box store-job store-job--${shown}`} role='listitem'>
                <View className='store-job__head'>
                  <Text className='store-job__title'>{j.title}</Text>
                  <Text className={`store-job__state store-job__state--${shown}`}>{t(`storeJobs.state.${shown}`)}</Text>
                </View>
                <Text className='store-job__pay'>{t('storeJobs.pay', { min: j.salary_min, max: j.salary_max })}</Text>
                <Text className='store-note store-job__meta'>
                  {t(`storeJobs.cat.${j.category}`)} · {t('storeJobs.headcount', { n: j.headcount })} · {j.hours}
                </Text>
                {j.state !== 'closed' && (
                  <Text className='store-note store-job__expires'>{t(j.state === 'expired' ? 'storeJobs.expired' : 'storeJobs.expires', { date: dayOf(j.expires_at) })}</Text>
                )}
                {j.open_reports.length > 0 && (
                  <View className='store-job__reports'>
                    <Text className='store-job__reports-count'>{t('storeJobs.reports', { n: j.open_reports.length })}</Text>
                    {j.open_reports.map((r, i) => (
                      <Text key={i} className='store-note store-job__report'>
                        {t(`storeJobs.reason.${r.reason}`)}
                        {r.note ? `：${r.note}` : ''}
                      </Text>
                    ))}
                  </View>
                )}
                {j.state !== 'closed' && (
                  <View className='store-job__actions'>
                    <Button className='btn-outline store-job__btn tap-slop store-job__edit' size='mini' disabled={act.busy || undefined} aria-label={`${t('storeJobs.edit')} ${j.title}`} onClick={() => setEditing(j)}>
                      {t('storeJobs.edit')}
                    </Button>
                    <Button className='btn-outline store-job__btn tap-slop store-job__still' size='mini' disabled={act.busy || undefined} aria-label={`${t('storeJobs.still')} ${j.title}`} onClick={() => void act.run('confirm', j)}>
                      {t('storeJobs.still')}
                    </Button>
                    {j.open_reports.length > 0 && (
                      <Button className='btn-outline store-job__btn tap-slop store-job__answer' size='mini' disabled={act.busy || undefined} aria-label={`${t('storeJobs.answer')} ${j.title}`} onClick={() => setAnswering(j)}>
                        {t('storeJobs.answer')}
                      </Button>
                    )}
                    <Button className='btn-outline store-job__btn tap-slop store-job__close' size='mini' disabled={act.busy || undefined} aria-label={`${t('storeJobs.close')} ${j.title}`} onClick={() => void act.run('close', j)}>
                      {t('storeJobs.close')}
                    </Button>
                  </View>
                )}
              </View>
            )
          })}
        </View>
      )}
      {answering && (
        <AnswerSheet
          job={answering}
          onClose={() => setAnswering(null)}
          onDone={(job) => {
            onChanged(job)
            setAnswering(null)
          }}
        />
      )}
    </View>
  )
}

/** Answer a posting's open reports (the shoppers' reasons above): one submit; nothing typed is lost on a refusal. */
function AnswerSheet({ job, onClose, onDone }: { job: StoreJob; onClose: () => void; onDone: (job: StoreJob) => void }) {
  const t = useT()
  const [answer, setAnswer] = useState('')
  const text = answer.trim()
  const ready = text.length > 0 && text.length <= ANSWER_MAX
  const submit = useAction(async () => {
    if (!ready) return
    try {
      const { info } = await requestJob('hui_shanghu.store_job/answerReports', { id: job.id, answer: text })
      toastSuccess(t('storeJobs.answered'))
      onDone(info)
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  return (
    <FormSheet name='job-answer-sheet' title={t('storeJobs.answerTitle')} busy={submit.busy} onClose={onClose}>
      <Text className='store-note job-answer-sheet__job'>{job.title}</Text>
      <Text className='form-sheet__label'>{t('storeJobs.answerLabel')}</Text>
      <Input
        className='form-sheet__field job-answer-sheet__answer'
        maxlength={ANSWER_MAX}
        focus
        placeholder={t('storeJobs.answerPlaceholder')}
        nativeProps={{ 'aria-label': t('storeJobs.answerLabel') }}
        value={answer}
        onInput={(e) => setAnswer(e.detail.value)}
      />
      {!text && <Text className='form-sheet__hint'>{t('storeJobs.answerNeeded')}</Text>}
      <View className='form-sheet__actions'>
        <Button className='btn-outline form-sheet__btn job-answer-sheet__keep' disabled={submit.busy || undefined} onClick={onClose}>
          {t('storeJobs.cancel')}
        </Button>
        <Button className='btn-pill form-sheet__btn job-answer-sheet__submit' disabled={!ready || submit.busy || undefined} loading={submit.busy} onClick={() => void submit.run()}>
          {t('storeJobs.answer')}
        </Button>
      </View>
    </FormSheet>
  )
}
