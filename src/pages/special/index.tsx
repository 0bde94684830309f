import { useMallSpecial } from '@/api/mall'
import { isNotFound } from '@/api/notFound'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import SpecialScreen from '@/features/mall/SpecialScreen'
import { usePageParams } from '@/hooks/usePageParams'

/** A mall special (`id`): its banner and products. */
export default function SpecialIndexPage() {
  const id = Number(usePageParams().id)
  const special = useMallSpecial(id)
  return (
    <PageFrame route='pages/special/index'>
      <LoadState loading={id > 0 && special.loading && !special.data} error={special.error} missing={!(id > 0) || isNotFound(special.error, 'special')} onRetry={() => void special.reload()} rows={4}>
        {special.data && <SpecialScreen special={special.data} />}
      </LoadState>
    </PageFrame>
  )
}
