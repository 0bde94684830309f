import { alertMessage } from '@/core/feedback'
import { locator } from '@/platform/location'
import type { Place } from '@/platform/location.types'
import { t } from './messages'

/**
 * A tapped address: the platform's map (platform/location), or — where no map can show it — a dialog that says
 * so with the address to read or copy. Never nothing.
 */
export async function showPlace(place: Place): Promise<void> {
  const opened = await locator.openPlace(place).catch(() => 'unavailable' as const)
  if (opened === 'unavailable') await alertMessage(t('place.noMap', { name: place.name, address: place.address }), t('common.ok'))
}
