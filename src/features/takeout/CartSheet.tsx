import { Text, View } from '@tarojs/components'
import FormSheet from '@/components/FormSheet'
import { centsToYuan } from '@/core/format'
import type { ShownLine, VanishedLine } from './cart'
import { useT } from './messages'

interface Props {
  shown: ShownLine[]
  /** Lines whose dish left the menu since (issue 44): said by name, with a way to remove them. */
  vanished: VanishedLine[]
  /** Lines said above the cart bar (closed, the card's saving): the sheet leaves room for them and the bar. */
  barLines: number
  /** The line can take no more (the order's caps, issue 43): its "+" is dimmed; a tap still asks (and is told why). */
  full: (line: ShownLine) => boolean
  onChange: (line: ShownLine, by: number) => void
  onRemove: (line: VanishedLine) => void
  onClear: () => void
  onClose: () => void
}

/**
 * The cart opened from the bar: each line with its options, a stepper, and clear. Sold-out lines say so. It opens
 * above the bar, which stays in sight (the total and Checkout; a tap on the cart closes it again), as takeout apps do.
 */
export default function CartSheet({ shown, vanished, barLines, full, onChange, onRemove, onClear, onClose }: Props) {
  const t = useT()
  return (
    <View className={`to-cart-room to-cart-room--${Math.min(2, barLines)}`}>
      <FormSheet name='to-cart' title={t('to.cart')} busy={false} onClose={onClose}>
        <View className='to-cart__head'>
          <Text className='to-cart__clear' role='button' tabIndex={0} onClick={onClear}>
            {t('to.clearCart')}
          </Text>
        </View>
        <View className='to-cart__lines'>
          {shown.map((s) => (
            <View key={`${s.line.dish_id}:${s.line.option_ids.join(',')}`} className={`to-cart__line${s.gone ? ' to-cart__line--gone' : ''}`}>
              <View className='to-cart__what'>
                <Text className='to-cart__name'>{s.dish.name}</Text>
                {s.optionNames.length > 0 && <Text className='to-cart__opts'>{s.optionNames.join(' / ')}</Text>}
                {s.gone && <Text className='to-cart__gone'>{t('to.goneLine', { name: s.dish.name })}</Text>}
                {s.was !== null && <Text className='to-cart__moved'>{t('to.priceChanged', { was: centsToYuan(s.was), now: centsToYuan(s.unit) })}</Text>}
              </View>
              <Text className='to-cart__price'>¥{centsToYuan((s.memberUnit ?? s.unit) * s.line.quantity)}</Text>
              <View className='to-dish__stepper'>
                <View className='to-step to-step--less' role='button' tabIndex={0} aria-label={t('to.removeOne', { name: s.dish.name })} onClick={() => onChange(s, -1)}>
                  <Text className='to-step__dot'>−</Text>
                </View>
                <Text className='to-step__n'>{s.line.quantity}</Text>
                <View className={`to-step to-step--more${full(s) ? ' to-step--full' : ''}`} role='button' tabIndex={0} aria-disabled={full(s) || undefined} aria-label={t('to.addOne', { name: s.dish.name })} onClick={() => onChange(s, 1)}>
                  <Text className='to-step__dot'>+</Text>
                </View>
              </View>
            </View>
          ))}
          {vanished.map((v) => (
            <View key={`gone:${v.line.dish_id}:${v.line.option_ids.join(',')}`} className='to-cart__line to-cart__line--gone to-cart__line--vanished'>
              <View className='to-cart__what'>
                <Text className='to-cart__name'>{v.name}</Text>
                <Text className='to-cart__gone'>{t('to.vanished', { name: v.name })}</Text>
              </View>
              <Text className='to-cart__remove' role='button' tabIndex={0} aria-label={t('to.removeVanished', { name: v.name })} onClick={() => onRemove(v)}>
                {t('to.remove')}
              </Text>
            </View>
          ))}
        </View>
      </FormSheet>
    </View>
  )
}
