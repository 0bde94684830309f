import { Text, View } from '@tarojs/components'
import Money from '@/components/Money'
import type { StoreOrderLine } from '@/contract/store'
import type { useT } from '@/features/store/messages'
import './store.css'

type T = ReturnType<typeof useT>

/**
 * Every line the store packs or decides on (issue 39): the product or dish, its spec or chosen options, how many, and
 * the line's amount as the server priced it. On the order, the takeout order and in the ship and reject sheets.
 */
export default function OrderLines({ lines, className = '' }: { lines: readonly StoreOrderLine[]; className?: string }) {
  return (
    <View className={`store-lines ${className}`.trim()} role='list'>
      {lines.map((l, i) => (
        <View key={i} className='store-line' role='listitem'>
          <View className='store-line__what'>
            <Text className='store-line__name'>{l.name}</Text>
            {l.spec ? <Text className='store-line__spec'>{l.spec}</Text> : null}
          </View>
          <Text className='store-line__qty'>× {l.quantity}</Text>
          <Money className='store-line__amount' cents={l.amount} />
        </View>
      ))}
    </View>
  )
}

/** Pieces in all, said in words ("共 4 件" / "4 items"). */
export const piecesText = (n: number, t: T): string => (n === 1 ? t('storeLines.piecesOne') : t('storeLines.pieces', { n }))

/** Lines a list card names; the others are counted ("另 1 种 / +1 more"). */
const NAMED = 2

/**
 * A list card's short summary, correct however many lines: the first two lines with their quantities; beyond them, how
 * many more lines there are (those named are not counted again); with several lines, the pieces in all. Empty for an
 * order without lines.
 */
export function linesSummary(lines: readonly StoreOrderLine[], t: T): string {
  if (lines.length === 0) return ''
  const named = lines.slice(0, NAMED).map((l) => `${l.name} × ${l.quantity}`).join(t('storeLines.separator'))
  if (lines.length === 1) return named
  const more = lines.length > NAMED ? ` ${t('storeLines.more', { n: lines.length - NAMED })}` : ''
  return `${named}${more} · ${piecesText(lines.reduce((n, l) => n + l.quantity, 0), t)}`
}
