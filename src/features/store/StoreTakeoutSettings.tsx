import { Button, Text, View } from '@tarojs/components'
import { requestStoreTakeout } from '@/api/store'
import Money from '@/components/Money'
import type { ApiRes } from '@/contract/schemas'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import { Pair } from './OrderSummary'
import { wallTime } from './takeoutTime'
import './store.css'

export type StoreTakeoutSettingsAnswer = ApiRes<'hui_shanghu.store_takeout/settings'>

interface Props {
  data: StoreTakeoutSettingsAnswer
  /** The settings after a change (the answer carries them). */
  onChanged: (answer: StoreTakeoutSettingsAnswer) => void
}

/**
 * The shop's takeout settings as the server keeps them (read-only: hours, radius, fee tiers, packing fee, minimum,
 * pickup, preparation, the acceptance time), pause / resume taking orders, and dishes sold out or back. Single-flight.
 */
export default function StoreTakeoutSettings({ data, onChanged }: Props) {
  const t = useT()
  const { settings: st, open } = data
  const pause = useAction(async () => {
    const paused = !st.paused
    if (paused && !(await confirmAction(t('storeTakeout.pauseAsk'), t('storeTakeout.pauseYes'), t('common.cancel')))) return
    try {
      onChanged(await requestStoreTakeout('hui_shanghu.store_takeout/pause', { paused }))
      toastSuccess(t(paused ? 'storeTakeout.paused' : 'storeTakeout.resumed'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  const soldOut = useAction(async (dishId: number, sold_out: boolean) => {
    try {
      onChanged(await requestStoreTakeout('hui_shanghu.store_takeout/soldOut', { dish_id: dishId, sold_out }))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  const stateText =
    open.state === 'open'
      ? t('storeTakeout.open', { time: wallTime(open.closes_at) })
      : open.state === 'paused'
        ? t('storeTakeout.stage.paused')
        : open.opens_at
          ? t('storeTakeout.closedOpens', { time: wallTime(open.opens_at) })
          : t('storeTakeout.closed')

  return (
    <View className='store-order store-takeout-settings'>
      <View className={`store-box store-takeout-settings__state store-takeout-settings__state--${open.state}`} role='status'>
        <View className='store-summary__head'>
          <Text className='store-summary__title'>{data.shop.name}</Text>
          <Text className='store-takeout-settings__open'>{stateText}</Text>
        </View>
        <Button
          className={`${st.paused ? 'btn-pill' : 'btn-outline'} store-actions__btn store-takeout-settings__pause`}
          disabled={pause.busy || undefined}
          loading={pause.busy}
          onClick={() => void pause.run()}
        >
          {t(st.paused ? 'storeTakeout.resume' : 'storeTakeout.pause')}
        </Button>
      </View>

      <View className='store-box'>
        <Text className='store-section'>{t('storeTakeout.settings')}</Text>
        <Pair label={t('storeTakeout.hours')} value={st.hours.map((h) => `${h.open}–${h.close}`).join(', ')} className='store-takeout-settings__hours' />
        <Pair label={t('storeTakeout.radius')} value={st.radius_m > 0 ? t('storeTakeout.km', { km: (st.radius_m / 1000).toFixed(1) }) : t('storeTakeout.noLimit')} className='store-takeout-settings__radius' />
        {st.fee_tiers.map((tier) => (
          <View key={tier.up_to_m} className='kv-row store-row store-takeout-settings__tier'>
            <Text>{t('storeTakeout.feeUpTo', { km: (tier.up_to_m / 1000).toFixed(1) })}</Text>
            <Money cents={tier.fee} />
          </View>
        ))}
        <View className='kv-row store-row'>
          <Text>{t('storeTakeout.packingFee')}</Text>
          <Money cents={st.packing_fee} />
        </View>
        <View className='kv-row store-row'>
          <Text>{t('storeTakeout.minOrder')}</Text>
          <Money cents={st.min_order} />
        </View>
        <Pair label={t('storeTakeout.pickup')} value={t(st.pickup ? 'storeTakeout.yes' : 'storeTakeout.no')} />
        <Pair label={t('storeTakeout.prep')} value={t('storeTakeout.minutes', { n: st.prep_minutes })} />
        <Pair label={t('storeTakeout.acceptWithin')} value={t('storeTakeout.minutes', { n: data.accept_minutes })} />
      </View>

      <View className='store-box store-takeout-settings__dishes'>
        <Text className='store-section'>{t('storeTakeout.dishes')}</Text>
        {data.dishes.map((d) => (
          <View key={d.id} className={`kv-row store-row store-takeout-settings__dish${d.sold_out ? ' store-takeout-settings__dish--out' : ''}`}>
            <View className='store-takeout__what'>
              <Text className='store-takeout__dish'>{d.name}</Text>
              <Text className='store-note'>
                {d.category}
                {d.sold_out ? ` · ${t('storeTakeout.soldOut')}` : ''}
              </Text>
            </View>
            <Button
              className='btn-outline store-takeout-settings__toggle'
              size='mini'
              disabled={soldOut.busy || undefined}
              aria-label={`${d.name} ${t(d.sold_out ? 'storeTakeout.back' : 'storeTakeout.markSoldOut')}`}
              onClick={() => void soldOut.run(d.id, !d.sold_out)}
            >
              {t(d.sold_out ? 'storeTakeout.back' : 'storeTakeout.markSoldOut')}
            </Button>
          </View>
        ))}
      </View>
    </View>
  )
}
