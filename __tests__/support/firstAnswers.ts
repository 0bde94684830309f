import { HOME_FLASH_PAGE_SIZE, HOME_SHOP_PAGE_SIZE } from '@/contract/firstAnswers'
import { request } from '@/core/request'

/** What Home asks for as it mounts, built as its hooks build it (src/api/site.ts, flashSales.ts, shops.ts useShopPages). */
export const homeFirstAnswers = (cityId?: number) =>
  Promise.all([
    request('index/moduleList', {}),
    request('website.hui_china_city/cityList', {}),
    request('hui_public.hsh_seckill_prod/index', { page_size: HOME_FLASH_PAGE_SIZE }),
    request('hui_shanghu.shop/index', Object.assign({}, { city_id: cityId, lat: undefined, lng: undefined }, { page: 1, page_size: HOME_SHOP_PAGE_SIZE })),
  ])
