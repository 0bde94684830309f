import { Text, View } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import { dialogFocus } from '@/platform/dialog'
import './index.css'

export interface Choice {
  key: string | number
  label: string
  /** The current choice: marked, and announced as selected. */
  selected?: boolean
}

export interface ChoiceSheetProps {
  /** Unique on the page (the dialog's element id). */
  id: string
  open: boolean
  title: string
  choices: Choice[]
  /** The cancel button's words, in the shopper's language. */
  cancelText: string
  onPick: (index: number) => void
  onClose: () => void
}

/**
 * A bottom sheet with a title, a scrollable list and a cancel button: in place of the platforms' action sheets,
 * which take at most 6 items (weapp) and say 取消 in every language (H5). A dialog to assistive technology:
 * focus moves in, Escape and the backdrop close it, every choice is a button.
 */
export default function ChoiceSheet({ id, open, title, choices, cancelText, onPick, onClose }: ChoiceSheetProps) {
  const close = useRef(onClose)
  close.current = onClose
  useEffect(() => (open ? dialogFocus.hold(id, () => close.current()) : undefined), [open, id])
  if (!open) return null
  return (
    <View className='sheet'>
      <View className='sheet__mask' aria-hidden='true' onClick={onClose} />
      <View id={id} className='sheet__panel' role='dialog' aria-modal='true' aria-label={title} tabIndex={-1}>
        <Text className='sheet__title'>{title}</Text>
        {/* A View that scrolls by CSS, not Taro's ScrollView: on H5 its element moves its children when it renders,
            which drops the focus placed on the first choice. */}
        <View className='sheet__list'>
          {choices.map((c, i) => (
            <View
              key={c.key}
              className={`sheet__item${c.selected ? ' sheet__item--selected' : ''}`}
              role='button'
              tabIndex={0}
              aria-pressed={c.selected ? true : undefined}
              onClick={() => {
                onClose()
                onPick(i)
              }}
            >
              {c.label}
            </View>
          ))}
        </View>
        <View className='sheet__cancel' role='button' tabIndex={0} onClick={onClose}>
          {cancelText}
        </View>
      </View>
    </View>
  )
}
