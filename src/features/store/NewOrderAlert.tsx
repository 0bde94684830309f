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
 */
export default function NewOrderAlert({ count }: { count: number | null }) {
  const t = useT()
  const [muted, setMuted] = useState(() => getItem('storeTakeoutAlertMuted') === true)
  const [state, setState] = useState(() => newOrderAlert.state())
  const last = useRef<number | null>(null)
  const mutedRef = useRef(muted)
  mutedRef.current = muted

  // The browser plays sound only after a gesture: the first tap anywhere on the page unlocks it.
  useEffect(() => {
    if (state !== 'locked') return undefined
    return newOrderAlert.onFirstGesture(() => {
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

  const toggle = () => {
    const next = !muted
    setMuted(next)
    setItem('storeTakeoutAlertMuted', next)
  }

  return (
    <View className='store-takeout__alert'>
      <View className='store-takeout__alert-row' role='switch' aria-checked={!muted} tabIndex={0} onClick={toggle}>
        <Text className='store-takeout__alert-label'>{t(`storeTakeout.alert.${newOrderAlert.kind}`)}</Text>
        <Text className={`store-takeout__alert-state${muted ? '' : ' store-takeout__alert-state--on'}`}>{t(muted ? 'storeTakeout.alert.off' : 'storeTakeout.alert.on')}</Text>
      </View>
      {!muted && state === 'locked' && <Text className='store-note store-takeout__alert-hint'>{t('storeTakeout.alert.tapToEnable')}</Text>}
      {!muted && state === 'none' && <Text className='store-note store-takeout__alert-hint'>{t('storeTakeout.alert.blocked')}</Text>}
    </View>
  )
}
