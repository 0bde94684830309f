import PageFrame from '@/components/PageFrame'
import SearchScreen from '@/features/search/SearchScreen'
import { usePageParams } from '@/hooks/usePageParams'

/** Search; `scope=mall`: the micro mall's own search (its products only). */
export default function IndexSearchPage() {
  const scope = usePageParams().scope === 'mall' ? 'mall' : 'all'
  return (
    <PageFrame route='pages/index/search'>
      <SearchScreen scope={scope} />
    </PageFrame>
  )
}
