import { Text } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { useT } from '@/features/store/messages'
import { secondsUntil } from './takeoutTime'
import './store.css'

/**
 * The time left to accept a new takeout order, on the server's clock (the server's `accept_by`, the time it is refused
 * and refunded by itself), ticking each second: on the order and on the list's cards.
 */
export default function AcceptLeft({ by }: { by: string }) {
  const t = useT()
  const [left, setLeft] = useState(() => secondsUntil(by))
  useEffect(() => {
    setLeft(secondsUntil(by))
    const timer = setInterval(() => setLeft(secondsUntil(by)), 1000)
    return () => clearInterval(timer)
  }, [by])
  if (left === null) return null
  return (
    <Text className='store-note store-takeout__left'>
      {left > 0 ? t('storeTakeout.acceptLeft', { left: t('storeTakeout.left', { m: Math.floor(left / 60), s: left % 60 }) }) : t('storeTakeout.acceptLate')}
    </Text>
  )
}
