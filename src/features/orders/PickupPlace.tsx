import { Text, View } from '@tarojs/components'
import { showPlace } from '@/components/PlaceMap/showPlace'
import type { OrderPickup } from '@/contract/order'
import { useT } from '@/features/orders/messages'
import './OrderDetail.css'

/**
 * Where a picked-up order is collected (issue 24), beside its code: the store, its address (tap: the platform's map,
 * as Shop details does — or a dialog with the address where there is none) and its hours.
 */
export default function PickupPlace({ place }: { place: OrderPickup }) {
  const t = useT()
  const open = () => void showPlace({ lat: place.lat, lng: place.lng, name: place.name, address: place.address })
  return (
    <View className='order-pickup'>
      <Text className='order-pickup__label'>{t('detail.pickupAt')}</Text>
      <Text className='order-pickup__name'>{place.name}</Text>
      <View className='order-pickup__place' role='link' tabIndex={0} onClick={open}>
        <Text className='order-pickup__address'>{place.address}</Text>
        <Text className='order-pickup__map'>{t('detail.pickupMap')} ›</Text>
      </View>
      <Text className='order-pickup__hours'>{t('detail.pickupHours', { hours: place.hours })}</Text>
    </View>
  )
}
