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
 * Beside a nearby list: "nearest first" asks for the location; nothing once located. After a refusal, a timeout
 * or an old browser the list stays by city (the city picker works) and this line says how to allow it later:
 * weapp a button to its settings page, H5 a hint (a page cannot change the browser's permission).
 */
export default function LocationBar({ loc, onLocate, onAllow }: Props) {
  const t = useT()
  if (loc.state === 'located') return null
  if (loc.state !== 'failed')
    return (
      <Text className={loc.state === 'idle' ? 'loc-bar__ask' : 'loc-bar__hint'} role={loc.state === 'idle' ? 'button' : 'status'} tabIndex={loc.state === 'idle' ? 0 : undefined} onClick={loc.state === 'idle' ? onLocate : undefined}>
        {t(loc.state === 'idle' ? 'loc.use' : 'loc.locating')}
      </Text>
    )
  const f = loc.failed
  const settings = f === 'denied' && locator.settingsPage
  return (
    <View className={`loc-bar loc-bar--${f}`} role='status'>
      <Text className='loc-bar__hint'>{t(f === 'denied' && !settings ? 'loc.deniedWeb' : `loc.${f}`)}</Text>
      {(settings || f === 'timeout') && (
        <Text className='loc-bar__action' role='button' tabIndex={0} onClick={settings ? onAllow : onLocate}>
          {t(settings ? 'loc.allow' : 'loc.retry')}
        </Text>
      )}
    </View>
  )
}
