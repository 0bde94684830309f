import { Text } from '@tarojs/components'
import { useT } from './messages'
import { statusKey } from './status'

/** An order's status in words, in the current language. */
export default function OrderStatusText({ status, className }: { status: number; className?: string }) {
  const t = useT()
  return <Text className={className}>{t(statusKey(status))}</Text>
}
