import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { setNameHidden, useReferralContest } from '@/api/referral'
import LoadState from '@/components/LoadState'
import { EmptyState } from '@/components/StateView'
import type { ReferralBoardRow, ReferralContest as Contest, ReferralMine } from '@/contract/referral'
import { REFERRAL_BOARD_SIZE } from '@/contract/referralEndpoints'
import { serverNow } from '@/core/clock'
import { centsToYuan } from '@/core/format'
import { toastError, toastSuccess } from '@/core/feedback'
import { countdownText } from '@/core/format'
import { useLang } from '@/core/i18n'
import { errorMessage } from '@/core/request'
import { goToLogin } from '@/core/session'
import { sharePath } from '@/core/share'
import { useAction } from '@/hooks/useAction'
import { useCountdown } from '@/hooks/useCountdown'
import { useSignedIn } from '@/hooks/useSignedIn'
import { useT } from './messages'
import './referral.css'

const ROUTE = 'pages/activity/competition'
type Phase = Contest['state']

/** The contest's phase on the server's clock now (the answer's state is the one it had when read). */
export const phaseOf = (c: Pick<Contest, 'start_at' | 'end_at'>, now: number): Phase => (now < c.start_at ? 'upcoming' : now >= c.end_at ? 'ended' : 'on')

/** The referral contest (issue 26): countdown, prizes, my standing and share, the board, the rules. */
export default function ReferralContest() {
  const t = useT()
  const gate = useSignedIn()
  const read = useReferralContest(gate.signedIn)
  const data = read.data
  return (
    <LoadState loading={read.loading && !data} error={!data ? read.error : null} onRetry={() => void read.reload()} rows={5}>
      {data && !data.contest && <EmptyState title={t('referral.none')} hint={t('referral.noneHint')} />}
      {data?.contest && (
        <View className='referral'>
          <Header contest={data.contest} onPhaseChange={() => void read.reload()} />
          <Prizes contest={data.contest} />
          <Mine mine={data.mine} contest={data.contest} onChanged={() => void read.reload()} />
          <Board rows={data.board} ranked={data.ranked} mine={data.mine} phase={data.contest.state} />
          <Rules contest={data.contest} />
        </View>
      )}
    </LoadState>
  )
}

function Header({ contest, onPhaseChange }: { contest: Contest; onPhaseChange: () => void }) {
  const t = useT()
  const lang = useLang()
  const [phase, setPhase] = useState<Phase>(() => phaseOf(contest, serverNow()))
  const target = phase === 'upcoming' ? contest.start_at : phase === 'on' ? contest.end_at : null
  const left = useCountdown(target)
  useEffect(() => setPhase(phaseOf(contest, serverNow())), [contest])
  useEffect(() => {
    if (target !== null && left <= 0) {
      const next = phaseOf(contest, serverNow())
      if (next !== phase) {
        setPhase(next)
        onPhaseChange()
      }
    }
  }, [left, target, contest, phase, onPhaseChange])
  return (
    <View className='referral__head'>
      <Text className={`referral__state referral__state--${phase}`}>{t(`referral.state.${phase}`)}</Text>
      <Text className='referral__title' role='heading' aria-level={1}>
        {contest.title}
      </Text>
      <Text className='referral__dates'>{t('referral.dates', { start: contest.start_time.slice(0, 16), end: contest.end_time.slice(0, 16) })}</Text>
      {phase === 'ended' ? (
        <Text className='referral__clock'>{t('referral.endedAt', { time: contest.end_time.slice(0, 16), days: contest.keep_days })}</Text>
      ) : (
        <View className='referral__clock' role='timer' aria-live='off'>
          <Text className='referral__clock-label'>{t(phase === 'upcoming' ? 'referral.startsIn' : 'referral.endsIn')}</Text>
          <Text className='referral__clock-value'>{countdownText(left, lang)}</Text>
        </View>
      )}
    </View>
  )
}

function Prizes({ contest }: { contest: Contest }) {
  const t = useT()
  if (contest.prizes.length === 0) return null
  return (
    <View className='referral__card'>
      <Text className='referral__card-title' role='heading' aria-level={2}>
        {t('referral.prizes')}
      </Text>
      {contest.prizes.map((p) => (
        <View className='referral__prize' key={`${p.rank_from}-${p.rank_to}`}>
          <Text className='referral__prize-rank'>{p.rank_from === p.rank_to ? t('referral.prizeRank', { from: p.rank_from }) : t('referral.prizeRanks', { from: p.rank_from, to: p.rank_to })}</Text>
          <Text className='referral__prize-title'>{p.title}</Text>
        </View>
      ))}
    </View>
  )
}

/** The contest's stated terms, as the words' params: its minimum purchase (yuan) and how long a purchase is kept. */
const termsOf = (c: Pick<Contest, 'min_amount' | 'keep_days'>) => ({ min: centsToYuan(c.min_amount), days: c.keep_days })

function Mine({ mine, contest, onChanged }: { mine: ReferralMine | null; contest: Contest; onChanged: () => void }) {
  const t = useT()
  const phase = contest.state
  const hide = useAction((hidden: boolean) => setNameHidden(hidden))
  const toggle = () => {
    if (!mine) return
    void hide.run(!mine.hidden).then(
      (r) => r && onChanged(),
      (e: unknown) => toastError(errorMessage(e)),
    )
  }
  const share = () => {
    // The weapp share sheet comes from the button (openType share; PageFrame's share carries my id); on H5 the link is copied.
    const link = sharePath(ROUTE)
    void Taro.setClipboardData({ data: link.startsWith('/') && typeof window !== 'undefined' && window.location ? `${window.location.origin}${link}` : link })
      .then(() => toastSuccess(t('referral.copied')))
      .catch(() => undefined)
  }
  if (!mine)
    return (
      <View className='referral__card'>
        <Text className='referral__card-title' role='heading' aria-level={2}>
          {t('referral.mine')}
        </Text>
        <Button className='referral__login' onClick={() => goToLogin()}>
          {t('referral.login')}
        </Button>
      </View>
    )
  const more = mine.pending_count - mine.pending.length
  return (
    <View className='referral__card referral__mine'>
      <Text className='referral__card-title' role='heading' aria-level={2}>
        {t('referral.mine')}
      </Text>
      <View className='referral__stats'>
        <View className='referral__stat'>
          <Text className='referral__stat-value referral__my-rank'>{mine.rank ?? t('referral.notRanked')}</Text>
          <Text className='referral__stat-label'>{t('referral.myRank')}</Text>
        </View>
        <View className='referral__stat'>
          <Text className='referral__stat-value referral__my-count'>{mine.count}</Text>
          <Text className='referral__stat-label'>{t('referral.confirmed')}</Text>
        </View>
        <View className='referral__stat'>
          <Text className='referral__stat-value referral__my-pending'>{mine.pending_count}</Text>
          <Text className='referral__stat-label'>{t('referral.pendingCount')}</Text>
        </View>
      </View>
      {mine.pending.length > 0 && (
        <View className='referral__pending'>
          <Text className='referral__pending-title'>{t('referral.pendingTitle', termsOf(contest))}</Text>
          {mine.pending.map((p, i) => (
            <View className='referral__pending-row' key={`${p.bound_time}-${i}`}>
              <Text>{p.name}</Text>
              <Text className='referral__muted'>
                {p.in_review ? t('referral.pendingReview') : p.counts_from ? t('referral.pendingCountsFrom', { time: p.counts_from.slice(0, 16) }) : t('referral.pendingBound', { time: p.bound_time.slice(0, 16) })}
              </Text>
            </View>
          ))}
          {more > 0 && <Text className='referral__muted'>{t('referral.pendingMore', { n: more })}</Text>}
        </View>
      )}
      <View className='referral__hide' role='switch' aria-checked={mine.hidden} aria-disabled={hide.busy} aria-label={t('referral.hideName')} tabIndex={0} onClick={toggle}>
        <Text className='referral__hide-label'>{t('referral.hideName')}</Text>
        <View className={`referral__toggle${mine.hidden ? ' referral__toggle--on' : ''}`} aria-hidden='true'>
          <View className='referral__toggle-knob' />
        </View>
      </View>
      {phase !== 'ended' && (
        <View className='referral__share'>
          <Button className='referral__share-btn' openType='share' onClick={share}>
            {t('referral.share')}
          </Button>
          <Text className='referral__muted'>{t('referral.shareHint', termsOf(contest))}</Text>
        </View>
      )}
    </View>
  )
}

function BoardLine({ row }: { row: ReferralBoardRow }) {
  const t = useT()
  return (
    <View className={`referral__row${row.me ? ' referral__row--me' : ''}${row.rank <= 3 ? ` referral__row--top${row.rank}` : ''}`} role='row'>
      <Text className='referral__cell referral__cell--rank' role='cell'>
        {row.rank}
      </Text>
      <Text className='referral__cell referral__cell--name' role='cell'>
        {row.name ?? (row.me && !row.hidden ? t('referral.meRow') : t('referral.anonymous'))}
        {row.me ? t('referral.you') : ''}
      </Text>
      <Text className='referral__cell referral__cell--count' role='cell'>
        {row.count}
      </Text>
    </View>
  )
}

function Board({ rows, ranked, mine, phase }: { rows: ReferralBoardRow[]; ranked: number; mine: ReferralMine | null; phase: Phase }) {
  const t = useT()
  const meBelow = mine && mine.rank !== null && !rows.some((r) => r.me)
  return (
    <View className='referral__card referral__board'>
      <View className='referral__board-head'>
        <Text className='referral__card-title' role='heading' aria-level={2}>
          {t('referral.board')}
        </Text>
        {ranked > REFERRAL_BOARD_SIZE && <Text className='referral__muted'>{t('referral.boardTop', { n: REFERRAL_BOARD_SIZE })}</Text>}
      </View>
      {rows.length === 0 ? (
        <View className='referral__board-empty' role='status'>
          <Text className='referral__board-empty-title'>{phase === 'upcoming' ? t('referral.boardUpcoming') : t('referral.boardEmpty')}</Text>
          {phase === 'on' && <Text className='referral__muted'>{t('referral.boardEmptyHint')}</Text>}
        </View>
      ) : (
        <View role='table' aria-label={t('referral.board')}>
          <View className='referral__row referral__row--head' role='row'>
            <Text className='referral__cell referral__cell--rank' role='columnheader'>
              {t('referral.rank')}
            </Text>
            <Text className='referral__cell referral__cell--name' role='columnheader'>
              {t('referral.name')}
            </Text>
            <Text className='referral__cell referral__cell--count' role='columnheader'>
              {t('referral.count')}
            </Text>
          </View>
          {rows.map((r) => (
            <BoardLine key={r.rank} row={r} />
          ))}
          {meBelow && mine && mine.rank !== null && <BoardLine row={{ rank: mine.rank, name: null, hidden: mine.hidden, count: mine.count, me: true }} />}
        </View>
      )}
    </View>
  )
}

const RULES = [
  'referral.rule.count',
  'referral.rule.refund',
  'referral.rule.once',
  'referral.rule.person',
  'referral.rule.self',
  'referral.rule.ties',
  'referral.rule.deletion',
  'referral.rule.names',
  'referral.rule.prizes',
] as const

/** The rules in words a shopper reads (issue 43: the contest's minimum and keeping time are its own, from the answer). */
function Rules({ contest }: { contest: Contest }) {
  const t = useT()
  const terms = termsOf(contest)
  return (
    <View className='referral__card referral__rules'>
      <Text className='referral__card-title' role='heading' aria-level={2}>
        {t('referral.rules')}
      </Text>
      {RULES.map((key, i) => (
        <Text className='referral__rule' key={key}>
          {i + 1}. {t(key, terms)}
        </Text>
      ))}
    </View>
  )
}
