import { Button, Image, Text, View } from '@tarojs/components'
import { useState } from 'react'
import FormSheet from '@/components/FormSheet'
import type { Dish } from '@/contract/takeout'
import { centsToYuan } from '@/core/format'
import { toastInfo } from '@/core/feedback'
import { assetUrl } from '@/core/request'
import { useT } from './messages'

interface Props {
  dish: Dish
  /** The card's member rate on dishes (options included), or null. */
  memberRate: number | null
  onAdd: (optionIds: number[]) => void
  onClose: () => void
}

/**
 * A dish's detail, opened by tapping the dish (or its Options button): its photo, description and monthly sales, its
 * options (size, spice, extras) with their prices — one choice in a required single group, up to `max` in the
 * others — and Add (issue 39). A close button as well as the backdrop. What it comes to is the menu's figures; the
 * order's price is the server's quote.
 */
export default function OptionSheet({ dish, memberRate, onAdd, onClose }: Props) {
  const t = useT()
  // A required group of one starts on its first option (the usual size), as menus do.
  const [chosen, setChosen] = useState<number[]>(() => dish.option_groups.filter((g) => g.required && g.max === 1 && g.options[0]).map((g) => g.options[0].id))
  const toggle = (groupId: number, optionId: number) => {
    const g = dish.option_groups.find((x) => x.id === groupId)
    if (!g) return
    const inGroup = chosen.filter((id) => g.options.some((o) => o.id === id))
    if (chosen.includes(optionId)) {
      if (g.required && inGroup.length === 1) return
      setChosen(chosen.filter((id) => id !== optionId))
    } else if (g.max === 1) setChosen([...chosen.filter((id) => !inGroup.includes(id)), optionId])
    else if (inGroup.length >= g.max) toastInfo(t('to.upTo', { max: g.max }))
    else setChosen([...chosen, optionId])
  }
  const options = dish.option_groups.flatMap((g) => g.options)
  const extra = chosen.reduce((n, id) => n + (options.find((o) => o.id === id)?.price ?? 0), 0)
  const total = dish.price + extra
  const member = dish.member_price !== null && memberRate !== null ? dish.member_price + Math.round((extra * memberRate) / 100) : null
  // In the menu's order of groups and options, whatever order they were tapped in.
  const names = options.filter((o) => chosen.includes(o.id)).map((o) => o.name)
  const add = () => {
    const missing = dish.option_groups.find((g) => g.required && !g.options.some((o) => chosen.includes(o.id)))
    if (missing) {
      toastInfo(t('to.pickRequired', { group: missing.name }))
      return
    }
    onAdd(chosen)
  }

  return (
    <FormSheet name='to-opts' title={dish.name} busy={false} onClose={onClose} closeLabel={t('to.close')}>
      <View className='to-opts__body'>
        <View className='to-opts__dish'>
          <Image className='to-opts__img' src={assetUrl(dish.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
          {dish.description !== '' && <Text className='to-opts__desc'>{dish.description}</Text>}
          <Text className='to-opts__sales'>{t('to.monthly', { n: dish.monthly_sales })}</Text>
        </View>
        {dish.option_groups.map((g) => (
          <View key={g.id} className='to-opts__group'>
            <Text className='to-opts__name' id={`to-opt-g${g.id}`}>
              {g.name}
              <Text className='to-opts__rule'> {g.required ? t('to.required') : ''}{g.max > 1 ? ` ${t('to.upTo', { max: g.max })}` : ''}</Text>
            </Text>
            <View className='to-opts__chips' role={g.max === 1 ? 'radiogroup' : 'group'} aria-labelledby={`to-opt-g${g.id}`}>
              {g.options.map((o) => {
                const on = chosen.includes(o.id)
                return (
                  <Text key={o.id} className={`to-opt${on ? ' to-opt--on' : ''}`} role={g.max === 1 ? 'radio' : 'checkbox'} tabIndex={0} aria-checked={on} onClick={() => toggle(g.id, o.id)}>
                    {o.name}
                    {o.price > 0 ? ` +¥${centsToYuan(o.price)}` : ''}
                  </Text>
                )
              })}
            </View>
          </View>
        ))}
      </View>
      {names.length > 0 && <Text className='to-opts__chosen'>{t('to.optionsTotal', { names: names.join(' / ') })}</Text>}
      <View className='form-sheet__bar to-opts__bar'>
        <View className='to-opts__sum'>
          {member !== null && member < total ? (
            <>
              <Text className='to-opts__total'>{t('to.memberPrice', { price: centsToYuan(member) })}</Text>
              <Text className='to-opts__list'>{t('to.listPrice', { price: centsToYuan(total) })}</Text>
            </>
          ) : (
            <Text className='to-opts__total'>¥{centsToYuan(total)}</Text>
          )}
        </View>
        <Button className='btn-pill to-opts__add' disabled={dish.sold_out || undefined} onClick={dish.sold_out ? undefined : add}>
          {dish.sold_out ? t('to.soldOut') : t('to.add')}
        </Button>
      </View>
    </FormSheet>
  )
}
