import PageFrame from '@/components/PageFrame'
import MallHome from '@/features/mall/MallHome'

/** Micro mall: the gallery, categories and the product grid (PRODUCT.md §3). */
export default function VMallIndexPage() {
  return (
    <PageFrame route='pages/vMall/index'>
      <MallHome />
    </PageFrame>
  )
}
