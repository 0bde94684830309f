import { Input, Text, View } from '@tarojs/components'
import { STORE_REASON_WORDS, trimReason, type StoreReason } from '@/contract/storeReasons'
import { useLang } from '@/core/i18n'
import { useT } from '@/features/store/messages'
import './store.css'

export const REASON_MAX = 200

/** What the staff member chose: a listed reason (sent as its code), or Other with the words they type. */
export type ReasonChoice<C extends StoreReason> = { code: C } | { other: string } | null

/** The payload's reason: `reason_code`, or `reason` (typed words, trimmed); null while nothing that shows is given. */
export function reasonPayload<C extends StoreReason>(choice: ReasonChoice<C>): { reason_code: C } | { reason: string } | null {
  if (!choice) return null
  if ('code' in choice) return { reason_code: choice.code }
  const words = trimReason(choice.other)
  return words.length > 0 && words.length <= REASON_MAX ? { reason: words } : null
}

interface Props<C extends StoreReason> {
  /** The sheet's class prefix: chips `<name>__reason--<code>`, the field `<name>__other`. */
  name: string
  label: string
  codes: readonly C[]
  choice: ReasonChoice<C>
  onChange: (choice: ReasonChoice<C>) => void
  otherPlaceholder: string
}

/**
 * The store's reasons as chips, one tap each, in the staff member's language (src/contract/storeReasons.ts: the shopper
 * reads the same reason in theirs), and "Another reason" with a field for the store's own words (kept as typed).
 */
export default function ReasonPicker<C extends StoreReason>({ name, label, codes, choice, onChange, otherPlaceholder }: Props<C>) {
  const t = useT()
  const lang = useLang() === 'en' ? 'en' : 'zh'
  const other = choice !== null && 'other' in choice
  const chip = (key: string, words: string, on: boolean, pick: () => void) => (
    <Text key={key} className={`ship-sheet__carrier tap-slop ${name}__reason ${name}__reason--${key}${on ? ' ship-sheet__carrier--on' : ''}`} role='radio' aria-checked={on} tabIndex={0} onClick={pick}>
      {words}
    </Text>
  )
  return (
    <View className={`${name}__reasons-box`}>
      <Text className='form-sheet__label'>{label}</Text>
      <View className={`ship-sheet__carriers ${name}__reasons`} role='radiogroup' aria-label={label}>
        {codes.map((code) => chip(code, STORE_REASON_WORDS[code][lang], choice !== null && 'code' in choice && choice.code === code, () => onChange({ code })))}
        {chip('other', t('storeReason.other'), other, () => onChange({ other: other ? choice.other : '' }))}
      </View>
      {other && (
        <Input
          className={`form-sheet__field ${name}__other`}
          maxlength={REASON_MAX}
          focus
          placeholder={otherPlaceholder}
          nativeProps={{ 'aria-label': otherPlaceholder }}
          value={choice.other}
          onInput={(e) => onChange({ other: e.detail.value })}
        />
      )}
    </View>
  )
}
