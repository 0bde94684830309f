import { View } from '@tarojs/components'
import type { KeypadKey } from './amountInput'
import './index.css'

const ROWS: KeypadKey[][] = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
  ['.', '0', 'back'],
]

export interface AmountKeypadProps {
  onKey: (key: KeypadKey) => void
  backLabel: string
  /** For a field that opens and closes it (aria-controls). */
  id?: string
  /** What it types into, for assistive technology ("Amount"). */
  label?: string
}

/**
 * The money number pad of Pay a bill and fuel (the system keyboard would allow letters and a third decimal).
 * Screens keep it on screen while the amount is typed: in a dock at the bottom (position: sticky) with the total.
 */
export default function AmountKeypad({ onKey, backLabel, id, label }: AmountKeypadProps) {
  return (
    <View className='keypad' id={id} role='group' aria-label={label}>
      {ROWS.map((row, r) => (
        <View className='keypad__row' key={r}>
          {row.map((key) => (
            <View
              key={key}
              className={`keypad__key keypad__key--${key === '.' ? 'dot' : key}`}
              hoverClass='keypad__key--pressed'
              role='button'
              tabIndex={0}
              aria-label={key === 'back' ? backLabel : key}
              onClick={() => onKey(key)}
            >
              {key === 'back' ? '⌫' : key}
            </View>
          ))}
        </View>
      ))}
    </View>
  )
}
