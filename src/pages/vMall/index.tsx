import PageFrame from '@/components/PageFrame'
import MallHome from '@/features/mall/MallHome'

/** Micro mall: the gallery, categories and the product grid. */
export default function VMallIndexPage() {
  return (
    <PageFrame route='pages/vMall/index'>
      <MallHome />
    </PageFrame>
  )
}
