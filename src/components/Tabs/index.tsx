import { View } from '@tarojs/components'
import './index.css'

export interface TabsProps<K extends string> {
  tabs: ReadonlyArray<{ key: K; label: string }>
  active: K
  onChange: (key: K) => void
  /** Class prefix kept per screen (`orders-tabs__tab--paid`) so tests and styles can address a tab. */
  name: string
}

/** A row of equal tabs with an underline on the active one (My orders, Value coupons, Search). */
export default function Tabs<K extends string>({ tabs, active, onChange, name }: TabsProps<K>) {
  return (
    <View className={`tabs ${name}`} role='tablist'>
      {tabs.map(({ key, label }) => (
        <View key={key} className={`tabs__tab ${name}__tab ${name}__tab--${key}${key === active ? ` tabs__tab--active ${name}__tab--active` : ''}`} role='tab' tabIndex={0} aria-selected={key === active} onClick={() => onChange(key)}>
          {label}
        </View>
      ))}
    </View>
  )
}
