import { Image, Input, Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { useFlashSalePages } from '@/api/flashSales'
import { useShopPages } from '@/api/shops'
import LoadState from '@/components/LoadState'
import Tabs from '@/components/Tabs'
import Money from '@/components/Money'
import { EmptyState, ListFooter } from '@/components/StateView'
import ShopRow from '@/components/ShopRow'
import { clearHistory, readHistory, remember } from './history'
import { useT } from './messages'
import './search.css'
import { routeUrl } from '@/routes'
import { assetUrl } from '@/core/request'

type Tab = 'shops' | 'products'
export const SEARCH_DEBOUNCE_MS = 300

/** Search: debounced as the shopper types, shops and flash deals in tabs, local history, popular words. */
export default function SearchScreen() {
  const t = useT()
  const [text, setText] = useState('')
  const [keyword, setKeyword] = useState('')
  const [tab, setTab] = useState<Tab>('shops')
  const [history, setHistory] = useState(readHistory)

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  useEffect(() => {
    if (keyword) setHistory(remember(keyword))
  }, [keyword])

  // Both tabs search at once, so the one with hits can be shown when the other has none.
  const shops = useShopPages({ keyword }, Boolean(keyword))
  const products = useFlashSalePages(keyword, Boolean(keyword))
  const list = tab === 'shops' ? shops : products
  useReachBottom(() => void list.loadMore())

  // Once per keyword: an empty tab gives way to the other one when it has hits (a tab the shopper taps stays).
  // Only answers to this keyword count: each list must have been seen loading since it changed (until then
  // the lists still hold the previous keyword's results).
  const seen = useRef({ keyword: '', switched: false, shops: false, products: false })
  useEffect(() => {
    const s = seen.current
    if (s.keyword !== keyword) Object.assign(s, { keyword, switched: false, shops: false, products: false })
    if (!keyword || s.switched) return
    if (shops.loading) s.shops = true
    if (products.loading) s.products = true
    const answered = (l: typeof shops | typeof products) => !l.loading && (l.empty || l.items.length > 0 || Boolean(l.error))
    if (!s.shops || !s.products || !answered(shops) || !answered(products)) return
    s.switched = true
    const other = tab === 'shops' ? products : shops
    if (list.empty && other.items.length > 0) setTab(tab === 'shops' ? 'products' : 'shops')
  }, [keyword, tab, list, shops, products])

  const clear = () => {
    setText('')
    setKeyword('')
  }

  const pick = (word: string) => {
    setText(word)
    setKeyword(word)
  }

  return (
    <View className='search'>
      <View className='search__bar'>
        <Input className='search__input' focus value={text} placeholder={t('search.placeholder')} nativeProps={{ 'aria-label': t('search.placeholder') }} confirmType='search' onInput={(e) => setText(e.detail.value)} onConfirm={() => setKeyword(text.trim())} />
        {text.length > 0 && (
          <Text className='search__input-clear' role='button' tabIndex={0} aria-label={t('search.clearInput')} onClick={clear}>
            ×
          </Text>
        )}
      </View>
      {!keyword ? (
        <View className='search__idle'>
          {history.length > 0 && (
            <View className='search__group'>
              <View className='search__group-head'>
                <Text className='search__group-title'>{t('search.history')}</Text>
                <Text
                  className='search__clear'
                  role='button'
                  tabIndex={0}
                  onClick={() => {
                    clearHistory()
                    setHistory([])
                  }}
                >
                  {t('search.clear')}
                </Text>
              </View>
              <View className='search__words'>
                {history.map((w) => (
                  <Text key={w} className='search__word search__word--history' role='button' tabIndex={0} onClick={() => pick(w)}>
                    {w}
                  </Text>
                ))}
              </View>
            </View>
          )}
          <View className='search__group'>
            <Text className='search__group-title'>{t('search.hot')}</Text>
            <View className='search__words'>
              {t('search.hotWords')
                .split('|')
                .map((w) => (
                  <Text key={w} className='search__word' role='button' tabIndex={0} onClick={() => pick(w)}>
                    {w}
                  </Text>
                ))}
            </View>
          </View>
        </View>
      ) : (
        <View>
          <Tabs
            name='search__tabs'
            tabs={[
              { key: 'shops', label: t('search.shops') },
              { key: 'products', label: t('search.products') },
            ]}
            active={tab}
            onChange={setTab}
          />
          <LoadState loading={list.loading} error={list.items.length ? null : list.error} onRetry={() => void list.retry()}>
            {list.empty ? (
              <EmptyState title={t('search.none', { keyword })} hint={t('search.noneHint')} />
            ) : (
              <View>
                {tab === 'shops'
                  ? shops.items.map((s) => <ShopRow key={s.id} shop={s} />)
                  : products.items.map((p) => (
                      <View key={p.id} className='search__product' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/seckill/detail', { id: p.id }) })}>
                        <Image className='search__product-img' src={assetUrl(p.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
                        <View className='search__product-body'>
                          <Text className='search__product-name'>{p.name}</Text>
                          <Money className='search__product-price' cents={p.price} />
                        </View>
                      </View>
                    ))}
                <ListFooter loadingMore={list.loadingMore} hasMore={list.hasMore} loadingText={t('common.loadingMore')} endText={t('common.noMore')} />
              </View>
            )}
          </LoadState>
        </View>
      )}
    </View>
  )
}
