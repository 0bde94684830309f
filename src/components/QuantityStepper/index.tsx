import { Text, View } from '@tarojs/components'
import './index.css'

interface Props {
  /** The screen's class prefix (`flash-stepper`): its parts also carry `<name>__less`, `__more`, `__value`. */
  name: string
  value: number
  /** The most that may be chosen (≥ 1). */
  max: number
  onChange: (value: number) => void
  /** "+" at the most: the screen says why it stops (stock or limit). */
  onBeyond: () => void
  lessLabel: string
  moreLabel: string
}

/** − 2 +: a quantity from 1 to `max`; the buttons are named for screen readers and say when they do nothing. */
export default function QuantityStepper({ name, value, max, onChange, onBeyond, lessLabel, moreLabel }: Props) {
  const change = (by: number) => {
    const next = value + by
    if (next > max) onBeyond()
    else if (next >= 1) onChange(next)
  }
  return (
    <View className={`stepper ${name}`}>
      <View className={`stepper__btn tap-slop ${name}__less${value <= 1 ? ' stepper__btn--off' : ''}`} role='button' tabIndex={0} aria-label={lessLabel} aria-disabled={value <= 1} onClick={() => change(-1)}>
        −
      </View>
      <Text className={`stepper__value ${name}__value`} aria-live='polite'>
        {value}
      </Text>
      <View className={`stepper__btn tap-slop ${name}__more${value >= max ? ' stepper__btn--off' : ''}`} role='button' tabIndex={0} aria-label={moreLabel} aria-disabled={value >= max} onClick={() => change(1)}>
        +
      </View>
    </View>
  )
}
