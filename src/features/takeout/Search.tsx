import { Image, Input, Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { useEffect, useMemo, useState } from 'react'
import { useTakeoutSearch } from '@/api/takeout'
import LoadState from '@/components/LoadState'
import Money from '@/components/Money'
import { EmptyState, ListFooter } from '@/components/StateView'
import type { TakeoutShop } from '@/contract/takeout'
import { assetUrl, errorMessage } from '@/core/request'
import { routeUrl } from '@/routes'
import { placeQuery, useTakeoutPlace } from './Place'
import { ShopCard } from './ShopList'
import { clearHistory, readHistory, remember } from './searchHistory'
import { openText } from './time'
import { useT } from './messages'
import './takeout.css'

/** Asked this long after the shopper stops typing (as the app's Search). */
export const TAKEOUT_SEARCH_DEBOUNCE_MS = 300

/**
 * Takeout search (`search`): shops and dishes by keyword, asked as the shopper types (debounced), with the
 * search history (storage module) and popular words (each finds something in either language). Results in two
 * groups: the shops (open or closed on the server's clock) and their matching dishes, each with its shop — a dish
 * opens its shop's menu at that dish. Shops that do not deliver to the shopper's place come last, under their own
 * heading, marked out of range with their distance (issue 39).
 */
export default function TakeoutSearch() {
  const t = useT()
  const [text, setText] = useState('')
  const [keyword, setKeyword] = useState('')
  const [history, setHistory] = useState(readHistory)
  // Where the food goes, as takeout's list has it: the shops that deliver there first, the others after, marked (issue 39).
  const { place } = useTakeoutPlace()

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), TAKEOUT_SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  useEffect(() => {
    if (keyword) setHistory(remember(keyword))
  }, [keyword])

  const found = useTakeoutSearch(keyword, placeQuery(place), place.kind !== 'pending')
  useReachBottom(() => void found.loadMore())
  const dishes = useMemo(() => found.items.flatMap((s) => s.dishes.map((d) => ({ dish: d, shop: s }))), [found.items])

  const pick = (word: string) => {
    setText(word)
    setKeyword(word)
  }
  const clear = () => {
    setText('')
    setKeyword('')
  }

  return (
    <View className='to-search'>
      <View className='to-search__bar'>
        <Input
          className='to-search__input'
          focus
          value={text}
          placeholder={t('to.searchBox')}
          nativeProps={{ 'aria-label': t('to.searchBox') }}
          confirmType='search'
          onInput={(e) => setText(e.detail.value)}
          onConfirm={() => setKeyword(text.trim())}
        />
        {text.length > 0 && (
          <Text className='to-search__clear-input' role='button' tabIndex={0} aria-label={t('to.searchClear')} onClick={clear}>
            ×
          </Text>
        )}
      </View>
      {!keyword ? (
        <View className='to-search__idle'>
          {history.length > 0 && (
            <View className='to-search__group to-search__group--history'>
              <View className='to-search__head'>
                <Text className='to-search__title' role='heading' aria-level={2}>
                  {t('to.searchHistory')}
                </Text>
                <Text
                  className='to-search__clear'
                  role='button'
                  tabIndex={0}
                  onClick={() => {
                    clearHistory()
                    setHistory([])
                  }}
                >
                  {t('to.searchClearHistory')}
                </Text>
              </View>
              <View className='to-search__words'>
                {history.map((w) => (
                  <Text key={w} className='to-search__word to-search__word--history tap-slop' role='button' tabIndex={0} onClick={() => pick(w)}>
                    {w}
                  </Text>
                ))}
              </View>
            </View>
          )}
          <View className='to-search__group to-search__group--hot'>
            <Text className='to-search__title' role='heading' aria-level={2}>
              {t('to.hot')}
            </Text>
            <View className='to-search__words'>
              {t('to.hotWords')
                .split('|')
                .map((w) => (
                  <Text key={w} className='to-search__word to-search__word--hot tap-slop' role='button' tabIndex={0} onClick={() => pick(w)}>
                    {w}
                  </Text>
                ))}
            </View>
          </View>
        </View>
      ) : (
        <LoadState loading={found.loading} error={found.items.length > 0 ? null : found.error} onRetry={() => void found.retry()} rows={4}>
          {found.empty ? (
            <EmptyState title={t('to.searchNone', { keyword })} hint={t('to.searchNoneHint')} />
          ) : (
            <View className='to-search__results'>
              <View className='to-search__section to-search__section--shops' role='group' aria-label={t('to.resultShops')}>
                <Text className='to-search__title to-search__section-title' role='heading' aria-level={2}>
                  {t('to.resultShops')}
                </Text>
                <View className='to-shops' role='list'>
                  {found.items
                    .filter((s) => s.in_range !== false)
                    .map((s) => (
                      <ShopCard key={s.id} shop={s} />
                    ))}
                </View>
                {found.items.some((s) => s.in_range === false) && (
                  <>
                    <Text className='to-far' role='heading' aria-level={3}>
                      {t('to.farShops')}
                    </Text>
                    <View className='to-shops to-shops--far' role='list'>
                      {found.items
                        .filter((s) => s.in_range === false)
                        .map((s) => (
                          <ShopCard key={s.id} shop={s} />
                        ))}
                    </View>
                  </>
                )}
              </View>
              {dishes.length > 0 && (
                <View className='to-search__section to-search__section--dishes' role='group' aria-label={t('to.resultDishes')}>
                  <Text className='to-search__title to-search__section-title' role='heading' aria-level={2}>
                    {t('to.resultDishes')}
                  </Text>
                  <View role='list'>
                    {dishes.map(({ dish, shop }) => (
                      <DishHit key={`${shop.id}-${dish.id}`} dish={dish} shop={shop} />
                    ))}
                  </View>
                </View>
              )}
              <ListFooter
                loadingMore={found.loadingMore}
                hasMore={found.hasMore}
                loadingText={t('to.loadingMore')}
                endText={t('to.end')}
                failed={found.error && found.items.length > 0 ? { message: errorMessage(found.error), retryText: t('to.loadingMore'), onRetry: () => void found.retry() } : undefined}
              />
            </View>
          )}
        </LoadState>
      )}
    </View>
  )
}

type Hit = TakeoutShop & { dishes: Array<{ id: number; name: string; price: number; image: string }> }

/** A matching dish with its shop: opens the shop's menu at the dish. */
function DishHit({ dish, shop }: { dish: Hit['dishes'][number]; shop: Hit }) {
  const t = useT()
  const open = () => void Taro.navigateTo({ url: routeUrl('pages/takeout/detail', { id: shop.id, dish: dish.id }) })
  const state = shop.open.state === 'open' ? t('to.open') : shop.open.state === 'paused' ? t('to.paused') : `${t('to.closed')} · ${openText(t, shop.open.opens_at)}`
  return (
    <View className='to-hit' role='listitem'>
      <View className='to-hit__tap' role='link' tabIndex={0} onClick={open}>
        <Image className='to-hit__img' src={assetUrl(dish.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
        <View className='to-hit__body'>
          <Text className='to-hit__name'>{dish.name}</Text>
          <Text className='to-hit__shop'>{shop.name}</Text>
          <View className='to-hit__foot'>
            <Money className='to-hit__price' cents={dish.price} />
            <Text className={`to-hit__state to-hit__state--${shop.open.state}`}>{state}</Text>
          </View>
        </View>
      </View>
    </View>
  )
}
