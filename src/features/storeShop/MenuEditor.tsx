import { Button, Image, Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { requestStoreShop } from '@/api/storeShop'
import { requestStoreTakeout } from '@/api/store'
import { EmptyState } from '@/components/StateView'
import type { EditorDish, MenuEditorAnswer, MenuWriteAnswer } from '@/contract/storeShop'
import { categoryProblem, type MoveDirection } from '@/contract/storeShopEndpoints'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { centsToYuan } from '@/core/format'
import { assetUrl, errorMessage } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { routeUrl } from '@/routes'
import { reasonWords, useT } from './messages'
import './shop.css'

interface Props {
  data: MenuEditorAnswer
  /** The menu after a write (each write answers it whole). */
  onChanged: (menu: MenuEditorAnswer) => void
  /** Read it again (a sold-out toggle answers the settings, not the menu). */
  onReload: () => void
}

/**
 * The takeout menu as its owner builds it (issue 44): delivery set up or not, categories in order (arrows: a keyboard and
 * a screen reader move them as a finger does), each with its dishes (photo, price, the member price the server works
 * out, daily stock, sold out) to add, edit, move, mark sold out or take off. Staff read it. Every write is single-flight
 * and answers the menu as it now is.
 */
export default function MenuEditor({ data, onChanged, onReload }: Props) {
  const t = useT()
  const edit = data.can_edit
  const [newName, setNewName] = useState('')
  const [newError, setNewError] = useState<string | null>(null)
  const [renaming, setRenaming] = useState<{ id: number; name: string; error: string | null } | null>(null)

  const run = useAction(async (work: () => Promise<MenuWriteAnswer>, done?: string) => {
    try {
      onChanged(await work())
      if (done) toastSuccess(done)
      return true
    } catch (e) {
      toastError(errorMessage(e))
      return false
    }
  })
  const soldOut = useAction(async (d: EditorDish) => {
    try {
      await requestStoreTakeout('hui_shanghu.store_takeout/soldOut', { dish_id: d.id, sold_out: !d.sold_out })
      toastSuccess(t(d.sold_out ? 'shop.backOnSale' : 'shop.markedSoldOut', { name: d.name }))
      onReload()
    } catch (e) {
      toastError(errorMessage(e))
    }
  })

  const addCategory = async () => {
    const problem = categoryProblem(newName)
    if (problem) return setNewError(reasonWords(t, problem))
    setNewError(null)
    if (await run.run(() => requestStoreShop('hui_shanghu.store_menu/saveCategory', { name: newName.trim() }), t('shop.categoryAdded'))) setNewName('')
  }
  const rename = async () => {
    if (!renaming) return
    const problem = categoryProblem(renaming.name)
    if (problem) return setRenaming({ ...renaming, error: reasonWords(t, problem) })
    if (await run.run(() => requestStoreShop('hui_shanghu.store_menu/saveCategory', { id: renaming.id, name: renaming.name.trim() }), t('shop.saved'))) setRenaming(null)
  }
  const removeCategory = async (id: number, name: string) => {
    if (!(await confirmAction(t('shop.deleteCategoryAsk', { name }), t('shop.delete'), t('shop.cancel')))) return
    await run.run(() => requestStoreShop('hui_shanghu.store_menu/deleteCategory', { id }), t('shop.deleted'))
  }
  const moveCategory = (id: number, direction: MoveDirection) => void run.run(() => requestStoreShop('hui_shanghu.store_menu/moveCategory', { id, direction }))
  const moveDish = (id: number, direction: MoveDirection) => void run.run(() => requestStoreShop('hui_shanghu.store_menu/moveDish', { id, direction }))
  const removeDish = async (d: EditorDish) => {
    if (!(await confirmAction(t('shop.deleteDishAsk', { name: d.name }), t('shop.delete'), t('shop.cancel')))) return
    await run.run(() => requestStoreShop('hui_shanghu.store_menu/deleteDish', { id: d.id }), t('shop.deleted'))
  }
  const go = (url: string) => void Taro.navigateTo({ url })
  const busy = run.busy || soldOut.busy
  const dishById = new Map(data.dishes.map((d) => [d.id, d]))
  const st = data.takeout?.settings
  const category = data.takeout_categories.find((c) => c.id === data.takeout?.category_id)

  return (
    <View className='shop-page shop-menu'>
      <View className='shop-box shop-delivery-box'>
        <View className='shop-box__head'>
          <Text className='shop-section'>{t('shop.delivery')}</Text>
          {edit && (
            <Button className='btn-outline shop-btn shop-delivery-box__edit' size='mini' onClick={() => go(routeUrl('pages/store/delivery'))}>
              {t(st ? 'shop.edit' : 'shop.setUp')}
            </Button>
          )}
        </View>
        {st ? (
          <Text className='shop-note shop-delivery-box__summary'>
            {[
              category?.name ?? '',
              st.hours.map((h) => `${h.open}–${h.close}`).join(' '),
              st.radius_m > 0 ? t('shop.withinKm', { km: (st.radius_m / 1000).toFixed(1) }) : t('shop.noLimit'),
              t('shop.minOrderIs', { amount: centsToYuan(st.min_order) }),
              t('shop.prepIs', { n: st.prep_minutes }),
              st.pickup ? t('shop.pickupYes') : t('shop.pickupNo'),
              st.paused ? t('shop.paused') : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : (
          <Text className='shop-note shop-delivery-box__none'>{t(edit ? 'shop.deliveryNone' : 'shop.deliveryNoneStaff')}</Text>
        )}
      </View>

      {!edit && <Text className='shop-note shop-menu__owner-only'>{t('shop.ownerOnlyMenu')}</Text>}

      {edit && (
        <View className='shop-box shop-add-category'>
          <Text className='shop-label' id='shop-new-category'>
            {t('shop.newCategory')}
          </Text>
          <View className='shop-inline'>
            <Input
              className={`shop-input shop-add-category__name${newError ? ' shop-input--bad' : ''}`}
              value={newName}
              maxlength={12}
              placeholder={t('shop.newCategoryHint')}
              nativeProps={{ 'aria-labelledby': 'shop-new-category', 'aria-invalid': newError ? 'true' : 'false' }}
              onInput={(e) => {
                setNewName(e.detail.value)
                if (newError) setNewError(categoryProblem(e.detail.value) ? newError : null)
              }}
            />
            <Button className='btn-pill shop-btn shop-add-category__add' disabled={busy || undefined} onClick={() => void addCategory()}>
              {t('shop.add')}
            </Button>
          </View>
          {newError && (
            <Text className='shop-error shop-add-category__error' role='alert'>
              {newError}
            </Text>
          )}
        </View>
      )}

      {data.categories.length === 0 ? (
        <EmptyState title={t('shop.menuEmpty')} hint={t(edit ? 'shop.menuEmptyHint' : 'shop.menuEmptyStaff')} />
      ) : (
        data.categories.map((c, ci) => (
          <View key={c.id} className='shop-box shop-category' role='group' aria-label={c.name}>
            <View className='shop-category__head'>
              {renaming?.id === c.id ? (
                <View className='shop-category__rename'>
                  <Input
                    className={`shop-input shop-category__rename-input${renaming.error ? ' shop-input--bad' : ''}`}
                    value={renaming.name}
                    maxlength={12}
                    focus
                    nativeProps={{ 'aria-label': t('shop.renameLabel', { name: c.name }), 'aria-invalid': renaming.error ? 'true' : 'false' }}
                    onInput={(e) => setRenaming({ ...renaming, name: e.detail.value })}
                  />
                  <Button className='btn-pill shop-btn shop-category__save' size='mini' disabled={busy || undefined} onClick={() => void rename()}>
                    {t('shop.save')}
                  </Button>
                  <Button className='btn-outline shop-btn' size='mini' onClick={() => setRenaming(null)}>
                    {t('shop.cancel')}
                  </Button>
                  {renaming.error && (
                    <Text className='shop-error' role='alert'>
                      {renaming.error}
                    </Text>
                  )}
                </View>
              ) : (
                <>
                  <Text className='shop-category__name' role='heading' aria-level={2}>
                    {c.name}
                  </Text>
                  <Text className='shop-category__count'>{t('shop.dishCount', { n: c.dish_ids.length })}</Text>
                </>
              )}
            </View>
            {edit && renaming?.id !== c.id && (
              <View className='shop-tools'>
                <Arrows name={c.name} first={ci === 0} last={ci === data.categories.length - 1} busy={busy} onMove={(d) => moveCategory(c.id, d)} />
                <Button className='btn-outline shop-btn shop-category__rename-btn' size='mini' aria-label={t('shop.renameLabel', { name: c.name })} onClick={() => setRenaming({ id: c.id, name: c.name, error: null })}>
                  {t('shop.rename')}
                </Button>
                <Button className='btn-outline shop-btn shop-category__delete' size='mini' disabled={busy || undefined} aria-label={t('shop.deleteLabel', { name: c.name })} onClick={() => void removeCategory(c.id, c.name)}>
                  {t('shop.delete')}
                </Button>
              </View>
            )}
            {c.dish_ids.length === 0 && <Text className='shop-note'>{t('shop.categoryEmpty')}</Text>}
            {c.dish_ids.map((id, di) => {
              const d = dishById.get(id)
              if (!d) return null
              return (
                <View key={d.id} className={`shop-dish${d.sold_out ? ' shop-dish--out' : ''}`}>
                  <View className='shop-dish__main'>
                    {d.image ? <Image className='shop-dish__img' src={assetUrl(d.image)} mode='aspectFill' nativeProps={{ alt: '' }} /> : <View className='shop-dish__img shop-dish__img--none' aria-hidden='true' />}
                    <View className='shop-dish__body'>
                      <Text className='shop-dish__name'>{d.name}</Text>
                      <Text className='shop-dish__price'>
                        ¥{centsToYuan(d.price)}
                        {d.member_prices.length > 0 && ` · ${t('shop.memberFrom', { price: centsToYuan(Math.min(...d.member_prices.map((m) => m.price))) })}`}
                      </Text>
                      <Text className='shop-dish__meta'>
                        {[
                          d.option_groups.length > 0 ? t('shop.optionGroups', { n: d.option_groups.length }) : '',
                          d.packing_fee > 0 ? t('shop.packingEach', { amount: centsToYuan(d.packing_fee) }) : '',
                          d.daily_stock === null ? '' : t('shop.stockLeft', { left: d.stock_left ?? 0, stock: d.daily_stock }),
                          d.sold_out ? t('shop.soldOut') : '',
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </View>
                  </View>
                  <View className='shop-tools'>
                    {edit && <Arrows name={d.name} first={di === 0} last={di === c.dish_ids.length - 1} busy={busy} onMove={(dir) => moveDish(d.id, dir)} />}
                    {edit && (
                      <Button className='btn-outline shop-btn shop-dish__edit' size='mini' aria-label={t('shop.editLabel', { name: d.name })} onClick={() => go(routeUrl('pages/store/dish', { id: d.id }))}>
                        {t('shop.edit')}
                      </Button>
                    )}
                    <Button className='btn-outline shop-btn shop-dish__sold-out' size='mini' disabled={busy || undefined} aria-label={t(d.sold_out ? 'shop.backLabel' : 'shop.soldOutLabel', { name: d.name })} onClick={() => void soldOut.run(d)}>
                      {t(d.sold_out ? 'shop.back' : 'shop.markSoldOut')}
                    </Button>
                    {edit && (
                      <Button className='btn-outline shop-btn shop-dish__delete' size='mini' disabled={busy || undefined} aria-label={t('shop.deleteLabel', { name: d.name })} onClick={() => void removeDish(d)}>
                        {t('shop.delete')}
                      </Button>
                    )}
                  </View>
                </View>
              )
            })}
            {edit && (
              <Button className='btn-outline shop-btn shop-category__add-dish' onClick={() => go(routeUrl('pages/store/dish', { category_id: c.id }))}>
                {t('shop.addDish', { category: c.name })}
              </Button>
            )}
          </View>
        ))
      )}
    </View>
  )
}

/** Up and down one place: buttons with words for a screen reader, the first's Up and the last's Down disabled. */
function Arrows({ name, first, last, busy, onMove }: { name: string; first: boolean; last: boolean; busy: boolean; onMove: (d: MoveDirection) => void }) {
  const t = useT()
  return (
    <>
      <Button className='btn-outline shop-btn shop-arrow shop-arrow--up' size='mini' disabled={first || busy || undefined} aria-label={t('shop.moveUp', { name })} onClick={() => onMove('up')}>
        {t('shop.up')}
      </Button>
      <Button className='btn-outline shop-btn shop-arrow shop-arrow--down' size='mini' disabled={last || busy || undefined} aria-label={t('shop.moveDown', { name })} onClick={() => onMove('down')}>
        {t('shop.down')}
      </Button>
    </>
  )
}
