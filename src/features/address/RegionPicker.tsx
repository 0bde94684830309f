import { Picker, Text } from '@tarojs/components'
import { useMemo, useState } from 'react'
import { regionLine, regionName } from '@/contract/regionNames'
import type { RegionTree } from '@/contract/site'
import { useLang } from '@/core/i18n'
import { useT } from './messages'

interface Props {
  tree: RegionTree
  value: [string, string, string]
  placeholder: string
  onChange: (value: [string, string, string]) => void
}

const idx = (names: string[], name: string) => Math.max(0, names.indexOf(name))

/**
 * Province / city / district from the server's region tree, as a three-column picker on both targets. The names read
 * in the shopper's language (English: src/contract/regionNames.ts); the value chosen is the tree's (Chinese) names.
 */
export default function RegionPicker({ tree, value, placeholder, onChange }: Props) {
  const t = useT()
  const lang = useLang()
  const [cols, setCols] = useState<[number, number, number]>(() => {
    const p = idx(tree.map((n) => n.name), value[0])
    const cities = tree[p]?.children ?? []
    const c = idx(cities.map((n) => n.name), value[1])
    return [p, c, idx((cities[c]?.children ?? []).map((n) => n.name), value[2])]
  })
  const range = useMemo(() => {
    const cities = tree[cols[0]]?.children ?? []
    const districts = cities[cols[1]]?.children ?? []
    const names = (nodes: Array<{ name: string }>) => nodes.map((n) => regionName(lang, n.name))
    return [names(tree), names(cities), names(districts)]
  }, [tree, cols, lang])

  return (
    <Picker
      className='address-form__picker'
      mode='multiSelector'
      // H5's picker says 取消/确定 unless told; weapp's native one follows WeChat's language.
      textProps={{ okText: t('common.ok'), cancelText: t('common.cancel') }}
      range={range}
      value={cols}
      onColumnChange={(e) => {
        const { column, value: row } = e.detail as { column: number; value: number }
        setCols((c) => (column === 0 ? [row, 0, 0] : column === 1 ? [c[0], row, 0] : [c[0], c[1], row]))
      }}
      onChange={(e) => {
        const v = e.detail.value as number[]
        const p = tree[v[0]]
        const c = p?.children?.[v[1]]
        const d = c?.children?.[v[2]]
        if (p && c && d) onChange([p.name, c.name, d.name])
      }}
    >
      <Text role='button' tabIndex={0} className={`address-form__input address-form__region${value[0] ? '' : ' address-form__placeholder'}`}>{value[0] ? (lang === 'en' ? regionLine(lang, value[0], value[1], value[2]) : value.join(' / ')) : placeholder}</Text>
    </Picker>
  )
}
