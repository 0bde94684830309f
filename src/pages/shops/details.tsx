import { Button, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { isNotFound } from '@/api/notFound'
import { useShop } from '@/api/shops'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { useLang } from '@/core/i18n'
import { discountLabel, useT as useRowT } from '@/components/ShopRow/messages'
import { useT } from '@/features/shops/messages'
import ShopComments from '@/features/shops/ShopComments'
import ShopCoupons from '@/features/shops/ShopCoupons'
import { OpenState, PhotoStrip, ShopIntro, TodayHours, WeekHours } from '@/features/shops/ShopProfileParts'
import '@/features/shops/shops.css'
import { usePageParams } from '@/hooks/usePageParams'
import { showPlace } from '@/components/PlaceMap/showPlace'
import { routeUrl } from '@/routes'
import { assetUrl } from '@/core/request'

/** Shop details: photo, rating, hours (open now), address (map), phone, discount, photos, introduction, the week's hours, coupons, reviews, Pay bill. */
export default function ShopsDetailsPage() {
  const t = useT()
  const rowT = useRowT()
  const lang = useLang()
  const id = Number(usePageParams().id)
  const shop = useShop(id)
  const info = shop.data?.info
  const profile = shop.data?.profile
  return (
    <PageFrame route='pages/shops/details'>
      <LoadState loading={id > 0 && shop.loading} error={shop.error} missing={!(id > 0) || isNotFound(shop.error, 'shop')} onRetry={() => void shop.reload()} rows={3}>
        {info && (
          <View>
            <View className='shop-head'>
              {/* The shop's picture in a box of its own size (grey until it arrives); the name is text below it. */}
              <View className='shop-head__hero'>
                <Image className='shop-head__img' src={assetUrl(info.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
              </View>
              <View className='shop-head__card'>
                <View className='shop-head__title'>
                  <Text className='shop-head__name'>{info.name}</Text>
                  <Text className='shop-head__discount'>{rowT('shops.discount', { rate: discountLabel(info.discount_rate, lang) })}</Text>
                </View>
                <Text className='shop-head__meta'>
                  <Text className='shop-head__star' aria-hidden='true'>
                    ★{' '}
                  </Text>
                  {rowT('shops.rating', { rating: info.rating.toFixed(1) })} · {info.class_name}
                </Text>
              </View>
              <View className='shop-head__row'>
                <Text className='shop-head__label'>{t('shops.hours')}</Text>
                <TodayHours profile={profile} text={info.hours} />
                {profile?.open_now && <OpenState open={profile.open_now} today={profile.today} />}
              </View>
              <View className='shop-head__row' role='link' tabIndex={0} onClick={() => void showPlace({ lat: info.lat, lng: info.lng, name: info.name, address: info.address })}>
                <Text className='shop-head__label'>{t('shops.address')}</Text>
                <Text className='shop-head__link'>{info.address}</Text>
              </View>
              <View className='shop-head__row' role='link' tabIndex={0} onClick={() => void Taro.makePhoneCall({ phoneNumber: info.phone }).catch(() => undefined)}>
                <Text className='shop-head__label'>{t('shops.call')}</Text>
                <Text className='shop-head__link'>{info.phone}</Text>
              </View>
            </View>
            {profile && <PhotoStrip photos={profile.photos} />}
            {profile && <ShopIntro html={profile.intro_html} />}
            {profile && <WeekHours profile={profile} />}
            <ShopCoupons shopId={info.id} />
            <ShopComments shopId={info.id} />
            <View className='shop-pay'>
              <Button className='btn-pill shop-pay__btn' onClick={() => void Taro.navigateTo({ url: routeUrl('pages/payBill/index', { shop_id: info.id }) })}>
                {t('shops.payBill')}
              </Button>
            </View>
          </View>
        )}
      </LoadState>
    </PageFrame>
  )
}
