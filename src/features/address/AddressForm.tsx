import { Button, Input, Switch, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import type { Address } from '@/contract/address'
import type { RegionTree } from '@/contract/site'
import { toastError, toastSuccess } from '@/core/feedback'
import { ADDRESS_SELECTED_EVENT } from '@/core/events'
import { BRAND } from '@/core/theme'
import { errorMessage, request } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { navPlatform } from '@/platform/nav'
import { routeUrl } from '@/routes'
import { useT } from './messages'
import RegionPicker from './RegionPicker'
import { emptyAddress, validateAddress, type AddressDraft, type AddressErrors, type AddressField } from './validate'
import './addressForm.css'

/** The field whose error a change of this draft key can clear (province, city and district are one: region). */
const fieldOf = (key: keyof AddressDraft): AddressField | null => (key === 'is_default' ? null : key === 'province' || key === 'city' || key === 'district' ? 'region' : key)

/**
 * Add or edit an address: inline validation, prefilled when editing, nothing lost when saving fails. Errors are
 * shown by Save; a field's error then follows what is typed (gone as soon as the field is valid), others stay.
 * `pick`: opened from an order's address choice (Addresses in select mode) — a new address saved there is the one
 * chosen: handed to the order and back past the list, as the shopper meant (issue 39).
 */
export default function AddressForm({ initial, regions, pick = false }: { initial: Address | null; regions: RegionTree; pick?: boolean }) {
  const t = useT()
  const [draft, setDraft] = useState<AddressDraft>(() => (initial ? { ...initial } : emptyAddress()))
  const [errors, setErrors] = useState<AddressErrors>({})
  const update = (change: Partial<AddressDraft>) => {
    const next = { ...draft, ...change }
    setDraft(next)
    // Only fields already in error are checked again as they change: no red while a shopper is still typing.
    const fields = new Set((Object.keys(change) as Array<keyof AddressDraft>).map(fieldOf).filter((f): f is AddressField => f !== null && Boolean(errors[f])))
    if (!fields.size) return
    const found = validateAddress(next)
    setErrors((e) => {
      const out = { ...e }
      fields.forEach((f) => {
        if (found[f]) out[f] = found[f]
        else delete out[f]
      })
      return out
    })
  }
  const set = <K extends keyof AddressDraft>(key: K, value: AddressDraft[K]) => update({ [key]: value } as Partial<AddressDraft>)

  const save = useAction(async () => {
    const found = validateAddress(draft)
    setErrors(found)
    if (Object.keys(found).length) return
    try {
      const saved = await request('personal.address/save', { ...(initial ? { id: initial.id } : {}), ...draft, name: draft.name.trim(), mobile: draft.mobile.trim(), detail: draft.detail.trim() })
      toastSuccess(t('address.saved'))
      // Added from an order's choice, with the order and the list behind: chosen, and back to the order.
      if (pick && !initial && navPlatform.pagesBehind() >= 2) {
        Taro.eventCenter.trigger(ADDRESS_SELECTED_EVENT, saved.info)
        navPlatform.back(2)
      }
      // Back where the shopper came from; opened directly (a link, a reload), on to the address list (issue 24: it stayed).
      else if (navPlatform.hasPageBehind()) navPlatform.back()
      else void Taro.redirectTo({ url: routeUrl('pages/personal/address') })
    } catch (e) {
      toastError(errorMessage(e))
    }
  })

  const error = (field: keyof AddressErrors) => (errors[field] ? <Text className={`address-form__error address-form__error--${field}`}>{t(errors[field] as NonNullable<AddressErrors[typeof field]>)}</Text> : null)

  return (
    <View className='address-form'>
      <View className='address-form__group'>
        <View className='address-form__row'>
          <Text className='address-form__label'>{t('address.name')}</Text>
          <Input className='address-form__input address-form__name' maxlength={20} placeholder={t('address.namePlaceholder')} nativeProps={{ 'aria-label': t('address.name') }} value={draft.name} onInput={(e) => set('name', e.detail.value)} />
        </View>
        {error('name')}
        <View className='address-form__row'>
          <Text className='address-form__label'>{t('address.mobile')}</Text>
          <Input className='address-form__input address-form__mobile' type='number' maxlength={11} placeholder={t('address.mobilePlaceholder')} nativeProps={{ 'aria-label': t('address.mobile') }} value={draft.mobile} onInput={(e) => set('mobile', e.detail.value)} />
        </View>
        {error('mobile')}
        <View className='address-form__row'>
          <Text className='address-form__label'>{t('address.region')}</Text>
          <RegionPicker
            tree={regions}
            value={[draft.province, draft.city, draft.district]}
            placeholder={t('address.regionPlaceholder')}
            onChange={([province, city, district]) => update({ province, city, district })}
          />
        </View>
        {error('region')}
        <View className='address-form__row'>
          <Text className='address-form__label'>{t('address.detail')}</Text>
          <Input className='address-form__input address-form__detail' maxlength={120} placeholder={t('address.detailPlaceholder')} nativeProps={{ 'aria-label': t('address.detail') }} value={draft.detail} onInput={(e) => set('detail', e.detail.value)} />
        </View>
        {error('detail')}
        <View className='address-form__row address-form__switch'>
          <Text className='address-form__label'>{t('address.isDefault')}</Text>
          <Switch className='address-form__default' checked={draft.is_default} color={BRAND} nativeProps={{ 'aria-label': t('address.isDefault') }} onChange={(e) => set('is_default', e.detail.value)} />
        </View>
      </View>
      <Button className='address-form__save' disabled={save.busy || undefined} loading={save.busy} onClick={() => void save.run()}>
        {t('address.save')}
      </Button>
    </View>
  )
}
