import { Image, Input, Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { useFlashSalePages } from '@/api/flashSales'
import { useMallSearch } from '@/api/mall'
import { useShopPages } from '@/api/shops'
import { useJobPages } from '@/api/jobs'
import JobCard from '@/components/JobCard'
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
import { useLang } from '@/core/i18n'

type Tab = 'shops' | 'products' | 'mall' | 'jobs'
/** In the order of the tabs: when the shown tab has nothing, the first other one with hits is shown. */
const TABS: readonly Tab[] = ['shops', 'products', 'mall', 'jobs']
/** `all`: Search (shops, flash deals, mall products in tabs); `mall`: the micro mall's own search, its products only. */
export type SearchScope = 'all' | 'mall'
export const SEARCH_DEBOUNCE_MS = 300

/** Search: debounced as the shopper types, shops, flash deals and mall products in tabs, local history, popular words. */
export default function SearchScreen({ scope = 'all' }: { scope?: SearchScope }) {
  const t = useT()
  const lang = useLang()
  const mallOnly = scope === 'mall'
  const [text, setText] = useState('')
  const [keyword, setKeyword] = useState('')
  const [tab, setTab] = useState<Tab>(mallOnly ? 'mall' : 'shops')
  const [history, setHistory] = useState(readHistory)

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  useEffect(() => {
    if (keyword) setHistory(remember(keyword))
  }, [keyword])

  // Every tab searches at once, so one with hits can be shown when the shown one has none (the mall's own
  // search asks for mall products only).
  const shops = useShopPages({ keyword }, Boolean(keyword) && !mallOnly)
  const products = useFlashSalePages(keyword, Boolean(keyword) && !mallOnly)
  const mall = useMallSearch(keyword, Boolean(keyword))
  // Jobs (issue 26): postings whose title, shop, requirements or benefits hold the keyword.
  const jobs = useJobPages({ keyword }, Boolean(keyword) && !mallOnly)
  const lists = { shops, products, mall, jobs }
  const list = lists[tab]
  useReachBottom(() => void list.loadMore())

  // Once per keyword: an empty tab gives way to the first other one with hits (a tab the shopper taps stays).
  // Only answers to this keyword count: each list must have been seen loading since it changed (until then
  // the lists still hold the previous keyword's results).
  const seen = useRef({ keyword: '', switched: false, loaded: new Set<Tab>() })
  useEffect(() => {
    const s = seen.current
    if (s.keyword !== keyword) Object.assign(s, { keyword, switched: false, loaded: new Set<Tab>() })
    if (!keyword || s.switched || mallOnly) return
    for (const k of TABS) if (lists[k].loading) s.loaded.add(k)
    const answered = (k: Tab) => s.loaded.has(k) && !lists[k].loading && (lists[k].empty || lists[k].items.length > 0 || Boolean(lists[k].error))
    if (!TABS.every(answered)) return
    s.switched = true
    const other = TABS.find((k) => k !== tab && lists[k].items.length > 0)
    if (list.empty && other) setTab(other)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `lists` is rebuilt each render from the lists named here
  }, [keyword, tab, list, shops, products, mall, jobs, mallOnly])

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
        <Input className='search__input' focus value={text} placeholder={t(mallOnly ? 'search.mallPlaceholder' : 'search.placeholder')} nativeProps={{ 'aria-label': t(mallOnly ? 'search.mallPlaceholder' : 'search.placeholder') }} confirmType='search' onInput={(e) => setText(e.detail.value)} onConfirm={() => setKeyword(text.trim())} />
        {text.length > 0 && (
          <Text className='search__input-clear tap-slop' role='button' tabIndex={0} aria-label={t('search.clearInput')} onClick={clear}>
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
                  <Text key={w} className='search__word search__word--history tap-slop' role='button' tabIndex={0} onClick={() => pick(w)}>
                    {w}
                  </Text>
                ))}
              </View>
            </View>
          )}
          <View className='search__group'>
            <Text className='search__group-title'>{t('search.hot')}</Text>
            <View className='search__words'>
              {t(mallOnly ? 'search.mallHotWords' : 'search.hotWords')
                .split('|')
                .map((w) => (
                  <Text key={w} className='search__word tap-slop' role='button' tabIndex={0} onClick={() => pick(w)}>
                    {w}
                  </Text>
                ))}
            </View>
          </View>
        </View>
      ) : (
        <View>
          {!mallOnly && (
            <Tabs
              name='search__tabs'
              tabs={[
                { key: 'shops', label: t('search.shops') },
                { key: 'products', label: t('search.products') },
                { key: 'mall', label: t('search.mall') },
                { key: 'jobs', label: t('search.jobs') },
              ]}
              active={tab}
              onChange={setTab}
            />
          )}
          <LoadState loading={list.loading} error={list.items.length ? null : list.error} onRetry={() => void list.retry()}>
            {list.empty ? (
              <EmptyState title={t('search.none', { keyword })} hint={t('search.noneHint')} />
            ) : (
              <View className={mallOnly ? 'search__results search__results--mall' : 'search__results'}>
                {tab === 'jobs' ? (
                  <View className='job-cards' role='list'>
                    {jobs.items.map((j) => (
                      <JobCard key={j.id} job={j} />
                    ))}
                  </View>
                ) : tab === 'shops'
                  ? shops.items.map((s) => <ShopRow key={s.id} shop={s} />)
                  : tab === 'mall'
                    ? mall.items.map((p) => (
                        <View key={p.id} className='search__product search__product--mall' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/vMall/detail', { id: p.id }) })}>
                          <Image className='search__product-img' src={assetUrl(p.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
                          <View className='search__product-body'>
                            <Text className='search__product-name'>{p.name}</Text>
                            {/* The merchant's English name (issue 39): what an English search found it by. */}
                            {lang === 'en' && p.name_en && <Text className='search__product-name-en'>{p.name_en}</Text>}
                            <Text className='search__product-subtitle'>{p.subtitle}</Text>
                            {/* The member price first, as the mall's grid shows it (issue 39), then the price. */}
                            <View className='search__product-foot'>
                              <Text className='search__product-member-tag'>{t('search.member')}</Text>
                              <Money className='search__product-member' cents={p.member_price} />
                              <Money className='search__product-price search__product-price--plain' cents={p.price} />
                              {p.stock === 0 && <Text className='search__product-sold-out'>{t('search.soldOut')}</Text>}
                            </View>
                          </View>
                        </View>
                      ))
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
