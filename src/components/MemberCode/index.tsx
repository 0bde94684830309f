import { Image, View } from '@tarojs/components'
import { useMemo } from 'react'
import { code128Bars, qrDataUrl } from './codes'
import './index.css'

export function QrCode({ value, label }: { value: string; label: string }) {
  const src = useMemo(() => qrDataUrl(value), [value])
  // Square code in a square box: scaleToFill centres it on both platforms (Taro's H5 aspectFit sticks to the left).
  // On H5 only nativeProps reach the <img>: its alt is the code's name.
  return <Image className='member-qr' src={src} mode='scaleToFill' nativeProps={{ alt: label }} data-value={value} />
}

/** Code 128 drawn as blocks; `moduleWidth` in px keeps bars crisp at any screen density. */
export function Barcode({ value, label, moduleWidth = 2 }: { value: string; label: string; moduleWidth?: number }) {
  const bars = useMemo(() => code128Bars(value), [value])
  return (
    <View className='member-barcode' role='img' aria-label={label} data-value={value}>
      {bars.map((bar, i) => (
        <View key={i} className={bar.dark ? 'member-barcode__bar member-barcode__bar--dark' : 'member-barcode__bar'} style={{ width: `${bar.width * moduleWidth}px` }} />
      ))}
    </View>
  )
}
