import { View } from '@tarojs/components'
import './index.css'

export interface SkeletonProps {
  /** Number of list rows to sketch. */
  rows?: number
  /** Read by screen readers while content loads. */
  label: string
}

/** Grey placeholder blocks shown while a screen loads — never placeholder words. */
export default function Skeleton({ rows = 4, label }: SkeletonProps) {
  return (
    <View className='skeleton' aria-busy='true' aria-label={label} role='progressbar'>
      <View className='skeleton__banner' />
      {Array.from({ length: rows }, (_, i) => (
        <View className='skeleton__row' key={i}>
          <View className='skeleton__thumb' />
          <View className='skeleton__lines'>
            <View className='skeleton__line' />
            <View className='skeleton__line skeleton__line--short' />
          </View>
        </View>
      ))}
    </View>
  )
}
