import { Text, View } from '@tarojs/components'
import type { MallProductDetail } from '@/contract/mall'
import { centsToYuan } from '@/core/format'
import { useT } from './messages'
import './mall.css'

/** The specs as chips, each with its price and stock; a sold-out one cannot be chosen. */
export default function SpecChips({ specs, chosen, onChoose }: { specs: MallProductDetail['specs']; chosen: number | null; onChoose: (id: number) => void }) {
  const t = useT()
  return (
    <View className='mall-specs' role='radiogroup' aria-label={t('mall.specs')}>
      {specs.map((s) => {
        const out = s.stock === 0
        return (
          <View
            key={s.id}
            className={`mall-spec${s.id === chosen ? ' mall-spec--on' : ''}${out ? ' mall-spec--out' : ''}`}
            role='radio'
            tabIndex={out ? -1 : 0}
            aria-checked={s.id === chosen}
            aria-disabled={out}
            onClick={() => !out && onChoose(s.id)}
          >
            <Text className='mall-spec__name'>{s.name}</Text>
            <Text className='mall-spec__meta'>
              ¥{centsToYuan(s.price)} · {out ? t('mall.specSoldOut') : t('mall.specStock', { n: s.stock })}
            </Text>
          </View>
        )
      })}
    </View>
  )
}
