import { Text, View } from '@tarojs/components'
import type { MenuEntry } from './account/accountMenu'
import './MenuList.css'

export interface MenuItem extends MenuEntry {
  onClick?: () => void
}

/** A grouped list of entries with a chevron, as on My account. */
export default function MenuList({ items }: { items: MenuItem[] }) {
  return (
    <View className='menu-list'>
      {items.map((item) => (
        <View key={item.key} className={`menu-list__item menu-list__item--${item.key}`} hoverClass='menu-list__item--pressed' role='button' tabIndex={0} onClick={item.onClick}>
          <Text className='menu-list__label'>{item.label}</Text>
          {item.value && <Text className='menu-list__value'>{item.value}</Text>}
          <View className='menu-list__chevron' />
        </View>
      ))}
    </View>
  )
}
