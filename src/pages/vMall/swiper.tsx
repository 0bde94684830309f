import { useMallGallery } from '@/api/mall'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import GalleryScreen from '@/features/mall/GalleryScreen'

/** Mall gallery: full-screen promotion slides, each to its product or special. */
export default function VMallSwiperPage() {
  const gallery = useMallGallery()
  return (
    <PageFrame route='pages/vMall/swiper'>
      <LoadState loading={gallery.loading && !gallery.data} error={gallery.error} onRetry={() => void gallery.reload()} rows={3}>
        {gallery.data && <GalleryScreen slides={gallery.data} />}
      </LoadState>
    </PageFrame>
  )
}
