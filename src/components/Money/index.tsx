import { Text } from '@tarojs/components'
import { centsToYuan } from '@/core/format'

/** An amount in cents shown in yuan with 2 decimals: ¥12.34. */
export default function Money({ cents, className }: { cents: number; className?: string }) {
  return <Text className={className}>¥{centsToYuan(cents)}</Text>
}
