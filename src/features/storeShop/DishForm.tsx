import { Button, Input, Text, Textarea, View } from '@tarojs/components'
import { useCallback, useState } from 'react'
import { requestStoreShop } from '@/api/storeShop'
import type { Reason } from '@/contract/reasons'
import type { MenuEditorAnswer, MenuWriteAnswer } from '@/contract/storeShop'
import { MENU_LIMITS } from '@/contract/storeShopEndpoints'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { centsToYuan } from '@/core/format'
import { errorMessage } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import DishPhoto from './DishPhoto'
import { dishDraftOf, dishDraftProblems, dishPayload, newGroup, type DishDraft, type GroupDraft } from './drafts'
import { reasonWords, useT } from './messages'
import './shop.css'

interface Props {
  menu: MenuEditorAnswer
  /** The dish edited; undefined: a new one (in `categoryId`). */
  dishId?: number
  categoryId: number
  onSaved: (menu: MenuWriteAnswer) => void
  onCancel: () => void
}

type Field = 'name' | 'price' | 'packing' | 'stock' | 'description' | 'options'
/** The field a reason is about (where its words show). */
const FIELD_OF: Partial<Record<Reason, Field>> = {
  menu_dish_name_invalid: 'name',
  menu_dish_price_invalid: 'price',
  menu_dish_packing_invalid: 'packing',
  menu_dish_stock_invalid: 'stock',
  menu_dish_description_invalid: 'description',
  menu_option_groups_limit: 'options',
  menu_option_group_invalid: 'options',
  menu_option_invalid: 'options',
  menu_option_max_invalid: 'options',
}

/**
 * A dish as its owner adds or changes it (issue 44): photo, name, category, price, packing fee per piece, a daily stock or
 * unlimited, a description (plain text, lines kept), option groups (required or not, how many may be chosen, each
 * option's extra price). Checked as typed by the server's own rules (a field's words show once it is touched, every
 * field's on Save); Save is single-flight and keeps everything typed when refused. The member price is the server's.
 */
export default function DishForm({ menu, dishId, categoryId, onSaved, onCancel }: Props) {
  const t = useT()
  const dish = dishId ? menu.dishes.find((d) => d.id === dishId) : undefined
  const [draft, setDraft] = useState<DishDraft>(() => dishDraftOf(dish, categoryId || menu.categories[0]?.id || 0))
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set())
  const [tried, setTried] = useState(false)
  const [uploading, setUploading] = useState(false)
  const onBusy = useCallback((b: boolean) => setUploading(b), [])

  const problems = dishDraftProblems(draft)
  const problem = problems[0] ?? null
  const shown = (f: Field) => ((tried || touched.has(f)) && problems.find((p) => FIELD_OF[p] === f)) || null
  const update = (f: Field, next: DishDraft) => {
    setDraft(next)
    setTouched((s) => (s.has(f) ? s : new Set([...s, f])))
  }
  const setGroup = (i: number, g: GroupDraft) => update('options', { ...draft, option_groups: draft.option_groups.map((x, j) => (j === i ? g : x)) })

  const save = useAction(async () => {
    setTried(true)
    if (problem || uploading) {
      toastError(problem ? reasonWords(t, problem) : t('shop.photoWait'))
      return
    }
    try {
      const answer = await requestStoreShop('hui_shanghu.store_menu/saveDish', dishPayload(draft, dish?.id))
      toastSuccess(t(dish ? 'shop.saved' : 'shop.dishAdded'))
      onSaved(answer)
    } catch (e) {
      // Refused (the dish or its category went meanwhile, a field the server refuses): said; what was typed stays.
      toastError(errorMessage(e))
    }
  })
  const cancel = async () => {
    const changed = JSON.stringify(draft) !== JSON.stringify(dishDraftOf(dish, categoryId || menu.categories[0]?.id || 0))
    if (!changed || (await confirmAction(t('shop.discardAsk'), t('shop.discard'), t('shop.keepEditing')))) onCancel()
  }

  const error = (f: Field) => {
    const p = shown(f)
    return p ? (
      <Text className={`shop-error shop-dish-form__error shop-dish-form__error--${f}`} role='alert'>
        {reasonWords(t, p)}
      </Text>
    ) : null
  }
  const input = (f: 'name' | 'price' | 'packing' | 'stock', key: 'name' | 'price' | 'packing_fee' | 'daily_stock', label: string, opts: { type?: 'digit' | 'number'; max: number; hint?: string }) => (
    <View className={`shop-field shop-dish-form__${f}`}>
      <Text className='shop-label' id={`shop-dish-${f}`}>
        {label}
      </Text>
      <Input
        className={`shop-input shop-dish-form__input--${f}${shown(f) ? ' shop-input--bad' : ''}`}
        type={opts.type ?? 'text'}
        maxlength={opts.max}
        value={draft[key]}
        placeholder={opts.hint ?? ''}
        nativeProps={{ 'aria-labelledby': `shop-dish-${f}`, 'aria-invalid': shown(f) ? 'true' : 'false' }}
        onInput={(e) => update(f, { ...draft, [key]: e.detail.value })}
      />
      {error(f)}
    </View>
  )

  return (
    <View className='shop-page shop-dish-form' role='form' aria-label={t(dish ? 'shop.editDish' : 'shop.newDish')}>
      <View className='shop-box'>
        <DishPhoto url={draft.image} onChange={(image) => setDraft((d) => ({ ...d, image }))} onBusy={onBusy} />
        {input('name', 'name', t('shop.dishName'), { max: MENU_LIMITS.dishName.max, hint: t('shop.dishNameHint') })}
        <View className='shop-field'>
          <Text className='shop-label' id='shop-dish-category'>
            {t('shop.category')}
          </Text>
          <View className='shop-chips' role='radiogroup' aria-labelledby='shop-dish-category'>
            {menu.categories.map((c) => (
              <Text key={c.id} className={`shop-chip${draft.category_id === c.id ? ' shop-chip--on' : ''}`} role='radio' aria-checked={draft.category_id === c.id} tabIndex={0} onClick={() => setDraft({ ...draft, category_id: c.id })}>
                {c.name}
              </Text>
            ))}
          </View>
        </View>
        {input('price', 'price', t('shop.priceYuan'), { type: 'digit', max: 8, hint: '0.00' })}
        {dish && dish.member_prices.length > 0 && (
          <Text className='shop-note shop-dish-form__member'>
            {t('shop.memberPrices', { prices: dish.member_prices.map((m) => `${m.name} ¥${centsToYuan(m.price)}`).join(' / ') })}
          </Text>
        )}
        {!dish && <Text className='shop-note'>{t('shop.memberPricesLater')}</Text>}
        {input('packing', 'packing_fee', t('shop.packingYuan'), { type: 'digit', max: 5, hint: '0.00' })}
        <View className='shop-field'>
          <Text className='shop-label' id='shop-dish-stock-mode'>
            {t('shop.dailyStock')}
          </Text>
          <View className='shop-chips' role='radiogroup' aria-labelledby='shop-dish-stock-mode'>
            {(['unlimited', 'limited'] as const).map((m) => {
              const on = m === 'unlimited' ? draft.daily_stock === '' : draft.daily_stock !== ''
              return (
                <Text
                  key={m}
                  className={`shop-chip shop-dish-form__stock-${m}${on ? ' shop-chip--on' : ''}`}
                  role='radio'
                  aria-checked={on}
                  tabIndex={0}
                  onClick={() => update('stock', { ...draft, daily_stock: m === 'unlimited' ? '' : draft.daily_stock || '50' })}
                >
                  {t(m === 'unlimited' ? 'shop.unlimited' : 'shop.limited')}
                </Text>
              )
            })}
          </View>
          {draft.daily_stock !== '' && (
            <Input
              className={`shop-input shop-dish-form__input--stock${shown('stock') ? ' shop-input--bad' : ''}`}
              type='number'
              maxlength={4}
              value={draft.daily_stock}
              nativeProps={{ 'aria-label': t('shop.piecesADay'), 'aria-invalid': shown('stock') ? 'true' : 'false' }}
              onInput={(e) => update('stock', { ...draft, daily_stock: e.detail.value.trim() === '' ? '0' : e.detail.value })}
            />
          )}
          {error('stock')}
        </View>
        <View className='shop-field shop-dish-form__description'>
          <Text className='shop-label' id='shop-dish-description'>
            {t('shop.description')}
          </Text>
          <Textarea
            className={`shop-textarea${shown('description') ? ' shop-input--bad' : ''}`}
            value={draft.description}
            maxlength={MENU_LIMITS.description + 20}
            placeholder={t('shop.descriptionHint')}
            nativeProps={{ 'aria-labelledby': 'shop-dish-description' }}
            onInput={(e) => update('description', { ...draft, description: e.detail.value })}
          />
          {error('description')}
        </View>
      </View>

      <View className='shop-box shop-groups'>
        <Text className='shop-section'>{t('shop.options')}</Text>
        {draft.option_groups.length === 0 && <Text className='shop-note'>{t('shop.optionsNone')}</Text>}
        {draft.option_groups.map((g, gi) => (
          <View key={gi} className='shop-group' role='group' aria-label={g.name || t('shop.groupN', { n: gi + 1 })}>
            <View className='shop-inline'>
              <Input
                className='shop-input shop-group__name'
                value={g.name}
                maxlength={MENU_LIMITS.groupName.max}
                placeholder={t('shop.groupNameHint')}
                nativeProps={{ 'aria-label': t('shop.groupName', { n: gi + 1 }) }}
                onInput={(e) => setGroup(gi, { ...g, name: e.detail.value })}
              />
              <Button className='btn-outline shop-btn shop-group__remove' size='mini' aria-label={t('shop.removeGroup', { name: g.name || t('shop.groupN', { n: gi + 1 }) })} onClick={() => update('options', { ...draft, option_groups: draft.option_groups.filter((_, j) => j !== gi) })}>
                {t('shop.remove')}
              </Button>
            </View>
            <View className='shop-chips' role='radiogroup' aria-label={t('shop.groupRule', { n: gi + 1 })}>
              {([true, false] as const).map((req) => (
                <Text key={String(req)} className={`shop-chip shop-group__${req ? 'required' : 'optional'}${g.required === req ? ' shop-chip--on' : ''}`} role='radio' aria-checked={g.required === req} tabIndex={0} onClick={() => setGroup(gi, { ...g, required: req })}>
                  {t(req ? 'shop.required' : 'shop.optional')}
                </Text>
              ))}
            </View>
            <View className='shop-inline shop-group__max'>
              <Text className='shop-label' id={`shop-group-max-${gi}`}>
                {t('shop.chooseUpTo')}
              </Text>
              <Input
                className='shop-input shop-input--short'
                type='number'
                maxlength={2}
                value={g.max}
                nativeProps={{ 'aria-labelledby': `shop-group-max-${gi}` }}
                onInput={(e) => setGroup(gi, { ...g, max: e.detail.value })}
              />
            </View>
            {g.options.map((o, oi) => (
              <View key={oi} className='shop-inline shop-option'>
                <Input
                  className='shop-input shop-option__name'
                  value={o.name}
                  maxlength={MENU_LIMITS.optionName.max}
                  placeholder={t('shop.optionNameHint')}
                  nativeProps={{ 'aria-label': t('shop.optionName', { n: oi + 1, group: g.name || gi + 1 }) }}
                  onInput={(e) => setGroup(gi, { ...g, options: g.options.map((x, j) => (j === oi ? { ...x, name: e.detail.value } : x)) })}
                />
                <Text className='shop-option__plus' aria-hidden='true'>
                  +¥
                </Text>
                <Input
                  className='shop-input shop-input--short shop-option__price'
                  type='digit'
                  maxlength={7}
                  value={o.price}
                  nativeProps={{ 'aria-label': t('shop.optionPrice', { n: oi + 1, group: g.name || gi + 1 }) }}
                  onInput={(e) => setGroup(gi, { ...g, options: g.options.map((x, j) => (j === oi ? { ...x, price: e.detail.value } : x)) })}
                />
                <Button
                  className='btn-outline shop-btn shop-option__remove'
                  size='mini'
                  disabled={g.options.length === 1 || undefined}
                  aria-label={t('shop.removeOption', { n: oi + 1 })}
                  onClick={() => setGroup(gi, { ...g, options: g.options.filter((_, j) => j !== oi) })}
                >
                  {t('shop.remove')}
                </Button>
              </View>
            ))}
            {g.options.length < MENU_LIMITS.options.max && (
              <Text className='shop-link shop-group__add-option' role='button' tabIndex={0} onClick={() => setGroup(gi, { ...g, options: [...g.options, { name: '', price: '0' }] })}>
                {t('shop.addOption')}
              </Text>
            )}
          </View>
        ))}
        {error('options')}
        {draft.option_groups.length < MENU_LIMITS.groups && (
          <Button className='btn-outline shop-btn shop-groups__add' onClick={() => update('options', { ...draft, option_groups: [...draft.option_groups, newGroup()] })}>
            {t('shop.addGroup')}
          </Button>
        )}
      </View>

      <View className='shop-actions shop-form-actions'>
        <Button className='btn-outline shop-actions__btn shop-dish-form__cancel' disabled={save.busy || undefined} onClick={() => void cancel()}>
          {t('shop.cancel')}
        </Button>
        <Button className='btn-pill shop-actions__btn shop-dish-form__save' disabled={save.busy || undefined} loading={save.busy} onClick={() => void save.run()}>
          {t('shop.save')}
        </Button>
      </View>
    </View>
  )
}
