import { Button, Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { SessionInfo, SessionListAnswer } from '@/contract/account'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { errorMessage, request } from '@/core/request'
import LoadState from '@/components/LoadState'
import { EmptyState } from '@/components/StateView'
import { useAction } from '@/hooks/useAction'
import type { QueryState } from '@/hooks/useQuery'
import { useT } from './messages'
import './security.css'

/** Signed-in devices: this one marked, every other one can be logged out (asked first, one at a time). */
export default function SessionList({ query }: { query: QueryState<SessionListAnswer> }) {
  const t = useT()
  const [ending, setEnding] = useState<number | null>(null)
  const end = useAction(async (s: SessionInfo) => {
    if (!(await confirmAction(t('sessions.endConfirm', { device: s.device }), t('sessions.end'), t('common.cancel')))) return
    setEnding(s.id)
    try {
      // The list on show is read again by itself (the write invalidates it: src/core/cache.ts).
      await request('personal.user/endSession', { id: s.id }, { changes: ['personal.user/sessions'] })
      toastSuccess(t('sessions.ended'))
    } catch (e) {
      toastError(errorMessage(e))
      // Ended elsewhere meanwhile, or gone: what the server says now.
      await query.reload()
    }
    setEnding(null)
  })
  const list = query.data?.list ?? []
  return (
    <LoadState loading={!query.data && query.loading} error={!query.data && query.error} onRetry={() => void query.reload()} rows={3}>
      {list.length === 0 ? (
        <EmptyState title={t('sessions.empty')} hint={t('sessions.emptyHint')} actionText={t('common.retry')} onAction={() => void query.reload()} />
      ) : (
        <View className='sessions'>
          <Text className='sessions__intro'>{t('sessions.intro')}</Text>
          {list.map((s) => (
            <View key={s.id} className={`session${s.current ? ' session--current' : ''}`}>
              <View className='session__text'>
                <View className='session__head'>
                  <Text className='session__device'>{s.device}</Text>
                  {s.current && <Text className='session__badge'>{t('sessions.current')}</Text>}
                </View>
                <Text className='session__time'>{t('sessions.lastSeen', { time: s.last_seen_at })}</Text>
                <Text className='session__time'>{t('sessions.since', { time: s.created_at })}</Text>
              </View>
              {!s.current && (
                <Button className='session__end' disabled={end.busy || undefined} loading={ending === s.id} onClick={() => void end.run(s)}>
                  {t('sessions.end')}
                </Button>
              )}
            </View>
          ))}
        </View>
      )}
    </LoadState>
  )
}
