import { Text, View } from '@tarojs/components'
import type { LocationState } from '@/hooks/useShopperLocation'
import { locator } from '@/platform/location'
import { useT } from './messages'
import './index.css'

interface Props {
  loc: LocationState
  onLocate: () => void
  onAllow: () => void
}

/**
 * Beside a nearby list: "nearest first" to ask for the location, then nothing once located. After a refusal,
 * a timeout or an old browser the list stays by city (the city picker above works) and this line says how to
 * allow location later: weapp a button to its settings page, H5 a hint (a page cannot change the browser's).
 */
export default function LocationBar({ loc, onLocate, onAllow }: Props) {
  const t = useT()
  if (loc.state === 'located') return null
  if (loc.state === 'idle')
    return (
      <Text className='loc-bar__ask' role='button' tabIndex={0} onClick={onLocate}>
        {t('loc.use')}
      </Text>
    )
  if (loc.state === 'locating')
    return (
      <Text className='loc-bar__hint' role='status'>
        {t('loc.locating')}
      </Text>
    )
  const action =
    loc.failed === 'denied' && locator.settingsPage ? { text: t('loc.allow'), on: onAllow } : loc.failed === 'timeout' ? { text: t('loc.retry'), on: onLocate } : undefined
  const hint = loc.failed === 'denied' ? t(locator.settingsPage ? 'loc.deniedSettings' : 'loc.deniedBrowser') : t(loc.failed === 'timeout' ? 'loc.timeout' : 'loc.unavailable')
  return (
    <View className={`loc-bar loc-bar--${loc.failed}`} role='status'>
      <Text className='loc-bar__hint'>{hint}</Text>
      {action && (
        <Text className='loc-bar__action' role='button' tabIndex={0} onClick={action.on}>
          {action.text}
        </Text>
      )}
    </View>
  )
}
