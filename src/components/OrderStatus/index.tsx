import { Text } from '@tarojs/components'
import { useT } from './messages'
import { statusKey } from './status'

/** An order's status in words, in the current language (a paid takeout order waits for the shop to accept it). */
export default function OrderStatusText({ status, className, kind }: { status: number; className?: string; kind?: string }) {
  const t = useT()
  return <Text className={className}>{t(kind === 'takeout' && status === 10 ? 'order.status.takeout10' : statusKey(status))}</Text>
}
