import PageFrame from '@/components/PageFrame'
import SearchScreen from '@/features/search/SearchScreen'

/** Search. */
export default function IndexSearchPage() {
  return (
    <PageFrame route='pages/index/search'>
      <SearchScreen />
    </PageFrame>
  )
}
