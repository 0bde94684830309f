import { idParam } from '@/api/notFound'
import PageFrame from '@/components/PageFrame'
import ShopList from '@/features/takeout/ShopList'
import { usePageParams } from '@/hooks/usePageParams'

/** Takeout shops of a category (`?category=`), sorted, infinite scroll (issue 25). */
export default function TakeoutListPage() {
  const params = usePageParams()
  const category = idParam(params.category)
  return (
    <PageFrame route='pages/takeout/list'>
      <ShopList home={false} categoryId={category > 0 ? category : undefined} />
    </PageFrame>
  )
}
