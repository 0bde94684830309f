import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import './index.css'

interface Props {
  /** The sheet's own class prefix (`refund-sheet`): its frame, panel and title also carry `<name>`, `<name>__panel`, `<name>__title`. */
  name: string
  title: string
  /** While a submit is in flight the backdrop does not close the sheet. */
  busy: boolean
  onClose: () => void
  children: ReactNode
}

/**
 * A bottom sheet with a form in it (a refund request, a refusal's reason): backdrop, panel, title, a dialog to
 * assistive technology. Its parts' looks are here too: `form-sheet__label`, `__field`, `__hint`, `__actions`, `__btn`.
 * For a list of choices use ChoiceSheet.
 */
export default function FormSheet({ name, title, busy, onClose, children }: Props) {
  return (
    <View className={`form-sheet ${name}`}>
      <View className='form-sheet__scrim' onClick={busy ? undefined : onClose} />
      <View className={`form-sheet__panel ${name}__panel`} role='dialog' aria-modal='true' aria-label={title}>
        <Text className={`form-sheet__title ${name}__title`}>{title}</Text>
        {children}
      </View>
    </View>
  )
}
