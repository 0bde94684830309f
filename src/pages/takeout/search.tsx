import PageFrame from '@/components/PageFrame'
import TakeoutSearch from '@/features/takeout/Search'

/** Takeout search (issue 25): shops and dishes by keyword, debounced, with history and popular words. */
export default function TakeoutSearchPage() {
  return (
    <PageFrame route='pages/takeout/search'>
      <TakeoutSearch />
    </PageFrame>
  )
}
