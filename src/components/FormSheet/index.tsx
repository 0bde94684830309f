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
  /** A close button (×) at the panel's top right, named with these words (a sheet that is more than a form: a dish's detail). */
  closeLabel?: string
  children: ReactNode
}

/**
 * A bottom sheet with a form in it (a refund request, a refusal's reason): backdrop, panel, title, a dialog to
 * assistive technology. Its parts' looks are here too: `form-sheet__label`, `__field`, `__hint`, `__actions`, `__btn`.
 * For a list of choices use ChoiceSheet.
 */
export default function FormSheet({ name, title, busy, onClose, closeLabel, children }: Props) {
  return (
    <View className={`form-sheet ${name}`}>
      <View className='form-sheet__scrim' onClick={busy ? undefined : onClose} />
      <View className={`form-sheet__panel ${name}__panel${closeLabel !== undefined ? ' form-sheet__panel--closable' : ''}`} role='dialog' aria-modal='true' aria-label={title}>
        <Text className={`form-sheet__title ${name}__title`}>{title}</Text>
        {closeLabel !== undefined && (
          <View className='form-sheet__close' role='button' tabIndex={0} aria-label={closeLabel} onClick={busy ? undefined : onClose}>
            <Text className='form-sheet__close-x' aria-hidden='true'>
              ×
            </Text>
          </View>
        )}
        {children}
      </View>
    </View>
  )
}
