import { Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import { getItem, setItem } from '@/core/storage'
import { newOrderAlert } from '@/platform/alert'
import { useT } from './messages'

/**
 * The store's new-order alert (issue 25): when the count of orders waiting for acceptance grows while the list shows —
 * however the count was read again (a live stream's signal or polling) — one short alert: a sound on H5 (once the
 * browser allows it: after the staff member's first tap on the page, which this screen asks for), a vibration on weapp.
 * Not on the first count read; never while turned off (kept on this device).
 *
 * The switch says what will happen (issue 39): "On" only when the alert can play; until the browser's first tap it
 * reads "Needs a tap" (not on) with the reason beside it, and a browser that cannot play sound reads "Unavailable".
 * A tap on the switch while it waits for that tap turns the sound on (it does not turn it off).
 */
export default function NewOrderAlert({ count }: { count: number | null }) {
  const t = useT()
  const [muted, setMuted] = useState(() => getItem('storeTakeoutAlertMuted') === true)
  const [state, setState] = useState(() => newOrderAlert.state())
  const last = useRef<number | null>(null)
  const mutedRef = useRef(muted)
  mutedRef.current = muted

  // The browser plays sound only after a gesture: the first tap anywhere on the page unlocks it. When that tap is on
  // the switch, the switch's own click comes later in the same event — after React has already drawn "On" (the
  // browser runs the update between the page's listener and React's) — and must not turn it off: marked until the
  // event is over.
  const unlocking = useRef(false)
  useEffect(() => {
    if (state !== 'locked') return undefined
    return newOrderAlert.onFirstGesture(() => {
      unlocking.current = true
      setTimeout(() => (unlocking.current = false), 0)
      newOrderAlert.unlock()
      setState(newOrderAlert.state())
    })
  }, [state])

  useEffect(() => {
    if (count === null) return
    const before = last.current
    last.current = count
    if (before !== null && count > before && !mutedRef.current) newOrderAlert.play()
  }, [count])

  // What the switch truthfully says: on only when an alert can sound now.
  const shown: 'on' | 'off' | 'waiting' | 'unavailable' = state === 'none' ? 'unavailable' : muted ? 'off' : state === 'locked' ? 'waiting' : 'on'

  const toggle = () => {
    // This tap is the browser's first gesture (the page's listener has already unlocked the sound): it turns it on.
    if (unlocking.current || shown === 'waiting' || shown === 'unavailable') return
    const next = !muted
    setMuted(next)
    setItem('storeTakeoutAlertMuted', next)
  }

  return (
    <View className='store-takeout__alert'>
      <View
        className='store-takeout__alert-row'
        role='switch'
        aria-checked={shown === 'on'}
        aria-disabled={shown === 'unavailable' || undefined}
        tabIndex={0}
        onClick={toggle}
      >
        <Text className='store-takeout__alert-label'>{t(`storeTakeout.alert.${newOrderAlert.kind}`)}</Text>
        <Text className={`store-takeout__alert-state store-takeout__alert-state--${shown}`}>{t(`storeTakeout.alert.${shown}`)}</Text>
      </View>
      {shown === 'waiting' && <Text className='store-note store-takeout__alert-hint'>{t('storeTakeout.alert.tapToEnable')}</Text>}
      {shown === 'unavailable' && <Text className='store-note store-takeout__alert-hint'>{t('storeTakeout.alert.blocked')}</Text>}
    </View>
  )
}
