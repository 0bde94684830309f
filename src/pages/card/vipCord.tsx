import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Card page — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function CardVipCordPage() {
  const t = useT()
  return (
    <PageFrame route='pages/card/vipCord'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
