import PageFrame from '@/components/PageFrame'
import ReferralContest from '@/features/referral/ReferralContest'

/** Competition: the referral contest — countdown, prizes, my standing, the leaderboard and its rules (issue 26). */
export default function ActivityCompetitionPage() {
  return (
    <PageFrame route='pages/activity/competition'>
      <ReferralContest />
    </PageFrame>
  )
}
