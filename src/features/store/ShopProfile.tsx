import { Button, Image, Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { requestShopProfile } from '@/api/storeProfile'
import type { StoreProfileAnswer } from '@/contract/shopProfile'
import { SHOP_PHONE_PATTERN, SHOP_PROFILE_LIMITS } from '@/contract/shopProfileEndpoints'
import { toastError, toastSuccess } from '@/core/feedback'
import { assetUrl, errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import { photos as photoPlatform } from '@/platform/photos'
import type { LocalPhoto } from '@/platform/photos.types'
import { placePicker } from '@/platform/pickPlace'
import { routeUrl } from '@/routes'
import './store.css'
import './profile.css'

interface Props {
  data: StoreProfileAnswer
  /** The profile as the server now has it (each change answers it). */
  onChanged: (p: StoreProfileAnswer) => void
}

/** A photo of the list: stored (url), or on its way (local, percent; failed: its words). */
interface Tile {
  key: string
  url: string | null
  local: LocalPhoto | null
  percent: number
  failed: string | null
}

let tileSeq = 0
const storedTile = (url: string): Tile => ({ key: `t${++tileSeq}`, url, local: null, percent: 100, failed: null })

/**
 * Workbench → Shop profile (issue 44): the name (sent for the operator's review; shoppers keep seeing the current one
 * until it is approved), phone, district, address and map point, the photos (upload with progress, order, cover), and
 * the ways to the week's hours and the introduction. Each part saves on its own, one write at a time; what was typed
 * stays when the server refuses it (its reason's words shown under the part). Staff read it without the controls.
 */
export default function ShopProfile({ data, onChanged }: Props) {
  const t = useT()
  const owner = data.my_role === 'owner'
  const [name, setName] = useState('')
  const [contact, setContact] = useState({ phone: data.phone, district: data.district, address: data.address, lat: null as number | null, lng: null as number | null })
  const [problem, setProblem] = useState<{ part: 'name' | 'contact' | 'photos'; words: string } | null>(null)
  const [tiles, setTiles] = useState<Tile[]>(() => data.photos.map(storedTile))
  const [cover, setCover] = useState(data.cover)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const save = useAction(async (part: 'name' | 'contact' | 'photos') => {
    setProblem(null)
    try {
      if (part === 'name') {
        const wanted = name.trim()
        if (Array.from(wanted).length < SHOP_PROFILE_LIMITS.name.min || Array.from(wanted).length > SHOP_PROFILE_LIMITS.name.max) return setProblem({ part, words: t('profile.err.name') })
        onChanged(await requestShopProfile('hui_shanghu.store_profile/rename', { name: wanted }))
        setName('')
        toastSuccess(t('profile.nameAsked'))
        return
      }
      if (part === 'contact') {
        if (!SHOP_PHONE_PATTERN.test(contact.phone.trim())) return setProblem({ part, words: t('profile.err.phone') })
        if (!contact.district) return setProblem({ part, words: t('profile.err.district') })
        const address = contact.address.trim()
        if (Array.from(address).length < SHOP_PROFILE_LIMITS.address.min || Array.from(address).length > SHOP_PROFILE_LIMITS.address.max) return setProblem({ part, words: t('profile.err.address') })
        const point = contact.lat !== null && contact.lng !== null ? { lat: contact.lat, lng: contact.lng } : {}
        const saved = await requestShopProfile('hui_shanghu.store_profile/contact', { phone: contact.phone.trim(), district: contact.district, address, ...point })
        onChanged(saved)
        toastSuccess(t('profile.saved'))
        return
      }
      if (tiles.some((x) => x.url === null)) return setProblem({ part, words: t('profile.photosWait') })
      const urls = tiles.map((x) => x.url as string)
      if (urls.length === 0) return setProblem({ part, words: t('profile.photosNone') })
      const saved = await requestShopProfile('hui_shanghu.store_profile/photos', { photos: urls, cover: urls.includes(cover) ? cover : urls[0] })
      onChanged(saved)
      setTiles(saved.photos.map(storedTile))
      setCover(saved.cover)
      toastSuccess(t('profile.saved'))
    } catch (e) {
      setProblem({ part, words: errorMessage(e) })
      toastError(errorMessage(e))
    }
  })

  const patchTile = (key: string, patch: Partial<Tile>) => {
    if (mounted.current) setTiles((all) => all.map((x) => (x.key === key ? { ...x, ...patch } : x)))
  }
  const send = async (key: string, local: LocalPhoto) => {
    patchTile(key, { failed: null, percent: 0 })
    try {
      const url = await photoPlatform.upload(local, (percent) => patchTile(key, { percent }))
      patchTile(key, { url, percent: 100 })
    } catch (e) {
      patchTile(key, { failed: errorMessage(e) })
    }
  }
  const addPhoto = async () => {
    if (tiles.length >= SHOP_PROFILE_LIMITS.photos) return
    let local: LocalPhoto | null = null
    try {
      local = await photoPlatform.choose()
    } catch {
      toastError(t('profile.uploadFailed'))
      return
    }
    if (!local) return
    const tile: Tile = { key: `t${++tileSeq}`, url: null, local, percent: 0, failed: null }
    setTiles((all) => [...all, tile])
    await send(tile.key, local)
  }
  const move = (i: number, by: -1 | 1) =>
    setTiles((all) => {
      const next = all.slice()
      const [x] = next.splice(i, 1)
      next.splice(i + by, 0, x)
      return next
    })
  const remove = (i: number) => setTiles((all) => all.filter((_, j) => j !== i))

  const pick = async () => {
    const place = await placePicker.pick()
    if (place) setContact((c) => ({ ...c, lat: place.lat, lng: place.lng }))
  }

  const review = data.name_review
  const go = (url: string) => void Taro.navigateTo({ url })
  const err = (part: 'name' | 'contact' | 'photos') =>
    problem?.part === part ? (
      <Text className='sp-error' role='alert'>
        {problem.words}
      </Text>
    ) : null

  return (
    <View className='store-order sp'>
      {!owner && <Text className='store-box sp-readonly'>{t('profile.ownerOnly')}</Text>}

      <View className='store-box sp-part sp-name' role='region' aria-labelledby='sp-name-title'>
        <Text className='sp-part__title' id='sp-name-title'>
          {t('profile.name')}
        </Text>
        <Text className='sp-name__current'>{data.shop.name}</Text>
        {review && (
          <Text className={`sp-name__review sp-name__review--${review.status}`}>
            {review.status === 'pending'
              ? t('profile.namePending', { name: review.name })
              : review.status === 'rejected'
                ? t('profile.nameRejected', { name: review.name, reason: review.reason ?? '' })
                : review.status === 'approved'
                  ? t('profile.nameApproved', { name: review.name })
                  : ''}
          </Text>
        )}
        {owner && (
          <View className='sp-field'>
            <Text className='sp-field__label' id='sp-label-name'>
              {t('profile.newName')}
            </Text>
            <Input className='sp-input sp-input--name' value={name} maxlength={SHOP_PROFILE_LIMITS.name.max} placeholder={t('profile.namePh')} nativeProps={{ 'aria-labelledby': 'sp-label-name' }} onInput={(e) => setName(e.detail.value)} />
            <Text className='store-note'>{t('profile.nameHint')}</Text>
            {err('name')}
            <Button className='btn-outline sp-save sp-save--name' disabled={save.busy || undefined} onClick={() => void save.run('name')}>
              {t('profile.askName')}
            </Button>
          </View>
        )}
      </View>

      <View className='store-box sp-part sp-contact' role='region' aria-labelledby='sp-contact-title'>
        <Text className='sp-part__title' id='sp-contact-title'>
          {t('profile.contact')}
        </Text>
        <View className='sp-field'>
          <Text className='sp-field__label' id='sp-label-phone'>
            {t('profile.phone')}
          </Text>
          <Input className='sp-input sp-input--phone' type='text' value={contact.phone} maxlength={16} disabled={!owner} placeholder={t('profile.phonePh')} nativeProps={{ 'aria-labelledby': 'sp-label-phone' }} onInput={(e) => setContact((c) => ({ ...c, phone: e.detail.value }))} />
        </View>
        <View className='sp-field'>
          <Text className='sp-field__label' id='sp-label-district'>
            {t('profile.district')}
          </Text>
          <View className='sp-chips' role='radiogroup' aria-labelledby='sp-label-district'>
            {data.districts.map((d) => (
              <Text
                key={d}
                className={`sp-chip${contact.district === d ? ' sp-chip--on' : ''}`}
                role='radio'
                aria-checked={contact.district === d}
                aria-disabled={!owner || undefined}
                tabIndex={owner ? 0 : -1}
                onClick={() => owner && setContact((c) => ({ ...c, district: d, lat: null, lng: null }))}
              >
                {d}
              </Text>
            ))}
          </View>
        </View>
        <View className='sp-field'>
          <Text className='sp-field__label' id='sp-label-address'>
            {t('profile.address')}
          </Text>
          <Input className='sp-input sp-input--address' value={contact.address} maxlength={SHOP_PROFILE_LIMITS.address.max} disabled={!owner} placeholder={t('profile.addressPh')} nativeProps={{ 'aria-labelledby': 'sp-label-address' }} onInput={(e) => setContact((c) => ({ ...c, address: e.detail.value }))} />
        </View>
        <View className='sp-field'>
          <Text className='sp-field__label'>{t('profile.point')}</Text>
          <Text className='store-note sp-point'>
            {contact.lat !== null && contact.lng !== null ? t('profile.pointPicked', { lat: contact.lat.toFixed(5), lng: contact.lng.toFixed(5) }) : `${data.lat.toFixed(5)}, ${data.lng.toFixed(5)}`}
          </Text>
          <Text className='store-note'>{placePicker.available ? t('profile.pointCentre') : t('profile.pointH5')}</Text>
          {owner && placePicker.available && (
            <Button className='btn-outline sp-pick' onClick={() => void pick()}>
              {t('profile.pickPoint')}
            </Button>
          )}
        </View>
        {err('contact')}
        {owner && (
          <Button className='btn-pill sp-save sp-save--contact' loading={save.busy || undefined} disabled={save.busy || undefined} onClick={() => void save.run('contact')}>
            {t('profile.saveContact')}
          </Button>
        )}
      </View>

      <View className='store-box sp-part sp-photos' role='region' aria-labelledby='sp-photos-title'>
        <Text className='sp-part__title' id='sp-photos-title'>
          {t('profile.photos')}
        </Text>
        <Text className='store-note'>{t('profile.photosHint', { max: SHOP_PROFILE_LIMITS.photos })}</Text>
        <View className='sp-photos__list' role='list'>
          {tiles.map((x, i) => {
            const src = x.local ? x.local.preview : assetUrl(x.url ?? '')
            const isCover = x.url !== null && x.url === cover
            const label = t('profile.photoN', { n: i + 1 })
            return (
              <View key={x.key} className='sp-photo' role='listitem'>
                <View className='sp-photo__frame'>
                  <Image className='sp-photo__img' src={src} mode='aspectFill' nativeProps={{ alt: label }} />
                  {isCover && <Text className='sp-photo__cover'>{t('profile.cover')}</Text>}
                  {x.url === null && !x.failed && (
                    <View className='sp-photo__veil' role='progressbar' aria-valuemin={0} aria-valuemax={100} aria-valuenow={x.percent} aria-label={label}>
                      <Text>{t('profile.uploading', { percent: x.percent })}</Text>
                    </View>
                  )}
                  {x.failed && x.local && (
                    <View className='sp-photo__veil sp-photo__veil--failed'>
                      <Text>{t('profile.uploadFailed')}</Text>
                      <Text className='sp-photo__retry' role='button' tabIndex={0} onClick={() => void send(x.key, x.local as LocalPhoto)}>
                        {t('profile.retry')}
                      </Text>
                    </View>
                  )}
                </View>
                {owner && (
                  <View className='sp-photo__actions'>
                    {!isCover && x.url !== null && (
                      <Text className='sp-photo__act sp-photo__make-cover' role='button' tabIndex={0} aria-label={`${t('profile.makeCover')} ${label}`} onClick={() => setCover(x.url as string)}>
                        {t('profile.makeCover')}
                      </Text>
                    )}
                    {i > 0 && (
                      <Text className='sp-photo__act sp-photo__left' role='button' tabIndex={0} aria-label={`${t('profile.moveLeft')} ${label}`} onClick={() => move(i, -1)}>
                        ←
                      </Text>
                    )}
                    {i < tiles.length - 1 && (
                      <Text className='sp-photo__act sp-photo__right' role='button' tabIndex={0} aria-label={`${t('profile.moveRight')} ${label}`} onClick={() => move(i, 1)}>
                        →
                      </Text>
                    )}
                    <Text className='sp-photo__act sp-photo__remove' role='button' tabIndex={0} aria-label={t('profile.removePhoto', { n: i + 1 })} onClick={() => remove(i)}>
                      ×
                    </Text>
                  </View>
                )}
              </View>
            )
          })}
          {owner && tiles.length < SHOP_PROFILE_LIMITS.photos && (
            <View className='sp-photo sp-photo--add' role='listitem'>
              <View className='sp-photo__frame sp-photo__add' role='button' tabIndex={0} aria-label={t('profile.addPhoto')} onClick={() => void addPhoto()}>
                <Text aria-hidden='true' className='sp-photo__plus'>
                  +
                </Text>
                <Text className='sp-photo__add-text'>{t('profile.addPhoto')}</Text>
              </View>
            </View>
          )}
        </View>
        {err('photos')}
        {owner && (
          <Button className='btn-pill sp-save sp-save--photos' loading={save.busy || undefined} disabled={save.busy || undefined} onClick={() => void save.run('photos')}>
            {t('profile.savePhotos')}
          </Button>
        )}
      </View>

      <View className='store-box sp-part sp-links'>
        <View className='sp-link sp-link--hours' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/hours'))}>
          <View className='sp-link__words'>
            <Text className='sp-part__title'>{t('profile.hours')}</Text>
            <Text className='store-note'>{data.week ? data.hours_text || t('hours.closed') : t('profile.hoursNotSet', { text: data.hours_text })}</Text>
          </View>
          <Text className='sp-link__go'>{t('profile.edit')}</Text>
        </View>
        <View className='sp-link sp-link--intro' role='link' tabIndex={0} onClick={() => go(routeUrl('pages/store/intro'))}>
          <View className='sp-link__words'>
            <Text className='sp-part__title'>{t('profile.intro')}</Text>
            <Text className='store-note'>{data.intro_html ? t('profile.introSet') : t('profile.introEmpty')}</Text>
          </View>
          <Text className='sp-link__go'>{t('profile.edit')}</Text>
        </View>
      </View>
    </View>
  )
}
