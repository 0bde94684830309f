import { renderToStaticMarkup } from 'react-dom/server'
import { flashSession } from '../../../src/contract/homeScreen'
import type { SeckillListAnswer } from '../../../src/contract/seckill'
import type { ModuleListAnswer } from '../../../src/contract/site'
import BannerCarouselView from '../../../src/views/home/BannerCarouselView'
import FlashStripView from '../../../src/views/home/FlashStripView'
import HomeTopView from '../../../src/views/home/HomeTopView'
import { Text } from '@tarojs/components'
import type { CardProduct } from '../../../src/contract/member'
import { firstCardChoice } from '../../../src/contract/cardWords'
import { AnonymousHeaderView } from '../../../src/views/account/AccountHeaderView'
import { accountMenuEntries } from '../../../src/views/account/accountMenu'
import CardProductsView from '../../../src/views/card/CardProductsView'
import MenuList from '../../../src/views/MenuList'
import { EmptyState } from '../../../src/views/StateView'
import type { AccountWords, CardWords, HomeWords } from '../../../src/views/words'

/**
 * The drawn first screens (the body of each tab's page), rendered from the app's own views (src/views) with plain
 * elements (./plainComponents.tsx). Built by ./views.ts (not imported directly: it needs that alias).
 */

/** Home as the app draws it above the fold: the top (city, search, banner carousel, service grid), the flash strip and the nearby title. */
export interface HomeScreenProps {
  t: HomeWords
  cityName: string | undefined
  modules: ModuleListAnswer
  flash: SeckillListAnswer | null
  /** Seconds left on the flash strip's countdown (its session: flashSession). */
  flashLeft: (until: string) => number
  picture: (path: string) => string
}

export function homeScreenHtml({ t, cityName, modules, flash, flashLeft, picture }: HomeScreenProps): string {
  const shown = flash && flashSession(flash)
  return renderToStaticMarkup(
    <>
      <HomeTopView
        t={t}
        cityName={cityName}
        modules={modules}
        picture={picture}
        carousel={modules.banners.length > 0 && <BannerCarouselView t={t} banners={modules.banners} index={0} picture={picture} />}
      />
      {flash && shown && <FlashStripView t={t} session={shown.session} list={flash.list} left={flashLeft(shown.until)} picture={picture} />}
      <Text className='home-section-title'>{t('home.nearby')}</Text>
    </>,
  )
}

/** Membership card for a shopper who has not logged in: the products (the first choice chosen) and the buy bar with its price. */
export function cardScreenHtml({ t, products }: { t: CardWords; products: readonly CardProduct[] }): string {
  const chosenId = firstCardChoice(products)
  return renderToStaticMarkup(<CardProductsView t={t} products={products} chosenId={chosenId} total={products.find((p) => p.id === chosenId)?.price} buyLabel={t('card.buy')} />)
}

/** My orders for a shopper who has not logged in: why, and the way to log in. */
export function ordersScreenHtml({ title, action }: { title: string; action: string }): string {
  return renderToStaticMarkup(<EmptyState title={title} actionText={action} onAction={() => undefined} />)
}

/** My account for a shopper who has not logged in: the way in, then the menu (the customer-service line when the server's info is there). */
export function meScreenHtml({ t, lang, servicePhone }: { t: AccountWords; lang: 'zh-CN' | 'en'; servicePhone: string | undefined }): string {
  return renderToStaticMarkup(
    <>
      <AnonymousHeaderView t={t} />
      <MenuList items={accountMenuEntries(t, { lang, servicePhone, loggedIn: false, staff: false })} />
    </>,
  )
}
