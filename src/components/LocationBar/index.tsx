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
 * Beside a nearby list: "nearest first" asks for the location; nothing once located. The list stays by city meanwhile. After a refusal, a timeout
 * or an old browser the list stays by city (the city picker works) and this line says how to allow it later:
 * weapp a button to its settings page, H5 a hint (a page cannot change the browser's permission).
 */
export default function LocationBar({ loc, onLocate, onAllow }: Props) {
  const t = useT()
  if (loc.state === 'located') return null
  // While locating the same words, busy (the list below stays as it is until the fix is in).
  if (loc.state !== 'failed')
    return (
      <Text className='loc-bar__ask tap-slop' role='button' tabIndex={0} aria-busy={loc.state === 'locating'} onClick={loc.state === 'idle' ? onLocate : undefined}>
        {t('loc.use')}
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
