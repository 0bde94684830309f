import { Button, Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { sendSignUpCode, submitApplication } from '@/api/merchant'
import ChoiceSheet from '@/components/ChoiceSheet'
import type { UserInfo } from '@/contract/account'
import type { MerchantApplication } from '@/contract/merchant'
import { MERCHANT_TEXT_LIMITS } from '@/contract/merchantEndpoints'
import { REGION_EN } from '@/contract/regionNames'
import type { RegionTree } from '@/contract/site'
import { alertMessage, toastError, toastSuccess } from '@/core/feedback'
import { useLang } from '@/core/i18n'
import { ApiError, errorMessage } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { useCountdown } from '@/hooks/useCountdown'
import { placePicker } from '@/platform/pickPlace'
import { draftOf, dropDraft, emptyDraft, keepDraft, payloadOf, readDraft, REASON_FIELD, validateDraft, type ErrorKey, type MerchantDraft, type MerchantFormField } from './draft'
import { useT } from './messages'
import PhotoField from './PhotoField'

/** Discounts offered as choices (percent of the bill the member pays): 9.5 折 … 7 折. */
export const DISCOUNT_CHOICES = [95, 90, 88, 85, 80, 75, 70] as const

interface Named {
  id: number
  name: string
}

interface Props {
  user: UserInfo
  /** A rejected application to fix (its fields and the reviewer's words), or null for a first application. */
  application: MerchantApplication | null
  classes: Named[]
  cities: Named[]
  regions: RegionTree
  onSubmitted: (application: MerchantApplication) => void
}

type TextField = 'shop_name' | 'contact_name' | 'mobile' | 'sms_code' | 'address' | 'hours'
const TEXT_FIELDS: Array<{ f: TextField; type?: 'number'; max: number }> = [
  { f: 'shop_name', max: MERCHANT_TEXT_LIMITS.shop_name.max },
  { f: 'contact_name', max: MERCHANT_TEXT_LIMITS.contact_name.max },
  { f: 'mobile', type: 'number', max: 11 },
  { f: 'sms_code', type: 'number', max: 6 },
  { f: 'address', max: MERCHANT_TEXT_LIMITS.address.max },
  { f: 'hours', max: MERCHANT_TEXT_LIMITS.hours.max },
]

/** What each draft key's change clears (the map point is the location field; the city takes its district along). */
const FIELDS_OF: Partial<Record<keyof MerchantDraft, MerchantFormField[]>> = { lat: ['location'], lng: ['location'], city_id: ['city_id', 'district'] }

/** The districts of a city of the cities list, as the region tree names them (Chinese), matched in either language. */
function districtsOf(regions: RegionTree, cityName: string | undefined): string[] {
  if (!cityName) return []
  for (const province of regions) {
    for (const city of province.children ?? []) {
      if (city.name.startsWith(cityName) || REGION_EN[city.name] === cityName) return (city.children ?? []).map((d) => d.name)
    }
  }
  return []
}

/**
 * The application form: every field checked as the server checks it (src/features/merchant/draft.ts) once the shopper
 * leaves it, and all of them at Submit; the server's refusals marked on their field by reason; the reviewer's words on
 * the fields they rejected until changed. Every change is kept on the phone (the draft) until the submit succeeds.
 */
export default function MerchantForm({ user, application, classes, cities, regions, onSubmitted }: Props) {
  const t = useT()
  const lang = useLang()
  const [restored] = useState(() => readDraft(user.id))
  const [draft, setDraft] = useState<MerchantDraft>(() => restored ?? (application ? draftOf(application) : emptyDraft(user.phone)))
  // Fields the shopper has left (or all of them, after a Submit): their checks show.
  const [touched, setTouched] = useState<Set<MerchantFormField>>(() => new Set())
  const [allShown, setAllShown] = useState(false)
  // The server's words for a field (a refusal) and the reviewer's (a rejection), until that field changes.
  const [serverSays, setServerSays] = useState<Partial<Record<MerchantFormField, string>>>({})
  const [reviewerSays, setReviewerSays] = useState<Partial<Record<MerchantFormField, string>>>(() => ({ ...(application?.rejections ?? {}) }))
  const [uploading, setUploading] = useState<Record<string, boolean>>({})
  const [sheet, setSheet] = useState<'city' | 'district' | null>(null)
  const [resendAt, setResendAt] = useState<number | null>(null)
  const wait = useCountdown(resendAt, Date.now)

  const mobile = draft.mobile.trim()
  const codeNeeded = mobile !== user.phone && mobile !== (application?.mobile ?? '')
  const checks = useMemo(() => validateDraft(draft, codeNeeded), [draft, codeNeeded])

  useEffect(() => keepDraft(user.id, draft), [user.id, draft])

  const update = (change: Partial<MerchantDraft>) => {
    setDraft((d) => ({ ...d, ...change }))
    const cleared = (Object.keys(change) as Array<keyof MerchantDraft>).flatMap((k) => FIELDS_OF[k] ?? [k as MerchantFormField])
    const drop = (e: Partial<Record<MerchantFormField, string>>) => {
      if (!cleared.some((f) => f in e)) return e
      const out = { ...e }
      cleared.forEach((f) => delete out[f])
      return out
    }
    setServerSays(drop)
    setReviewerSays(drop)
  }
  const leave = (f: MerchantFormField) => setTouched((s) => (s.has(f) ? s : new Set(s).add(f)))
  const choose = (change: Partial<MerchantDraft>, f: MerchantFormField) => {
    update(change)
    leave(f)
  }

  const words = (key: ErrorKey) => t(`merchant.err.${key}`)
  /** The words under a field: the server's, the reviewer's, then the form's own check once shown. */
  const errorOf = (f: MerchantFormField): string | undefined => {
    if (serverSays[f]) return serverSays[f]
    if (reviewerSays[f]) return t('merchant.rejectedField', { why: reviewerSays[f] as string })
    const key = checks[f]
    return key && (allShown || touched.has(f)) ? words(key) : undefined
  }
  const errorText = (f: MerchantFormField) => {
    const e = errorOf(f)
    return e ? (
      <Text className={`mc-error mc-error--${f}`} id={`mc-err-${f}`} role='alert'>
        {e}
      </Text>
    ) : null
  }
  const label = (f: MerchantFormField) => t(`merchant.f.${f}`)

  const sendCode = useAction(async () => {
    if (checks.mobile) {
      leave('mobile')
      return
    }
    try {
      setResendAt(await sendSignUpCode(mobile))
      toastSuccess(t('merchant.codeSent'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })

  const pickOnMap = async () => {
    const place = await placePicker.pick()
    if (!place) return
    update({ lat: String(place.lat), lng: String(place.lng), ...(draft.address.trim() ? {} : { address: [place.address, place.name].filter(Boolean).join(' ').slice(0, MERCHANT_TEXT_LIMITS.address.max) }) })
  }

  const onBusy = useCallback((field: string, busy: boolean) => setUploading((u) => (u[field] === busy ? u : { ...u, [field]: busy })), [])
  const licenceBusy = useCallback((b: boolean) => onBusy('licence_image', b), [onBusy])
  const storefrontBusy = useCallback((b: boolean) => onBusy('storefront_image', b), [onBusy])

  const submit = useAction(async () => {
    setAllShown(true)
    if (Object.values(uploading).some(Boolean)) {
      toastError(t('merchant.err.uploading'))
      return
    }
    if (Object.keys(checks).length) {
      toastError(t('merchant.fix'))
      try {
        void Taro.pageScrollTo({ selector: '.mc-error', offsetTop: -120, duration: 200 }).catch(() => undefined)
      } catch {
        // A runtime without page scrolling: the marks stay where they are.
      }
      return
    }
    try {
      const sent = await submitApplication(payloadOf(draft, codeNeeded))
      dropDraft()
      toastSuccess(t('merchant.submitted'))
      if (sent) onSubmitted(sent)
    } catch (e) {
      const field = e instanceof ApiError && e.reason ? REASON_FIELD[e.reason as keyof typeof REASON_FIELD] : undefined
      if (field) setServerSays((s) => ({ ...s, [field]: e instanceof Error ? e.message : '' }))
      toastError(errorMessage(e))
    }
  })

  const cityName = cities.find((c) => String(c.id) === draft.city_id)?.name
  const districts = districtsOf(regions, cityName)
  const districtName = (d: string) => (lang === 'en' ? (REGION_EN[d] ?? d) : d)
  const discountWords = (rate: number) => (lang === 'en' ? t('merchant.discountValue', { off: 100 - rate }) : t('merchant.discountValue', { zhe: rate % 10 === 0 ? rate / 10 : (rate / 10).toFixed(1) }))

  const textRow = (f: TextField) => {
    const spec = TEXT_FIELDS.find((x) => x.f === f) as (typeof TEXT_FIELDS)[number]
    const bad = Boolean(errorOf(f))
    return (
      <View className={`mc-cell mc-cell--${f}${bad ? ' mc-cell--bad' : ''}`}>
        <View className='mc-cell__line'>
          <Text className='mc-cell__label' id={`mc-label-${f}`}>
            {label(f)}
          </Text>
          <Input
            className={`mc-input mc-input--${f}`}
            type={spec.type === 'number' ? 'number' : 'text'}
            maxlength={spec.max}
            placeholder={t(`merchant.ph.${f}`)}
            placeholderClass='mc-input__ph'
            nativeProps={{ 'aria-labelledby': `mc-label-${f}`, 'aria-invalid': bad ? 'true' : 'false', ...(bad ? { 'aria-describedby': `mc-err-${f}` } : {}) }}
            value={draft[f]}
            onInput={(e) => update({ [f]: e.detail.value } as Partial<MerchantDraft>)}
            onBlur={() => leave(f)}
          />
          {f === 'sms_code' && (
            <Button className='mc-code-btn' disabled={wait > 0 || sendCode.busy || undefined} loading={sendCode.busy} onClick={() => void sendCode.run()}>
              {wait > 0 ? t('merchant.resendIn', { seconds: wait }) : t('merchant.sendCode')}
            </Button>
          )}
        </View>
        {f === 'mobile' && !codeNeeded && !errorOf('mobile') && <Text className='mc-cell__note mc-cell__note--ok'>{t('merchant.mobileVerified')}</Text>}
        {errorText(f)}
      </View>
    )
  }

  const chips = (f: 'class_id' | 'discount_rate', items: Array<{ key: string; label: string }>) => (
    <View className={`mc-cell mc-cell--block mc-cell--${f}${errorOf(f) ? ' mc-cell--bad' : ''}`}>
      <Text className='mc-cell__label' id={`mc-label-${f}`}>
        {label(f)}
      </Text>
      {f === 'discount_rate' && <Text className='mc-cell__note'>{t('merchant.discountHint')}</Text>}
      <View className='mc-chips' role='radiogroup' aria-labelledby={`mc-label-${f}`}>
        {items.map((it) => (
          <Text
            key={it.key}
            className={`mc-chip tap-slop mc-chip--${it.key}${draft[f] === it.key ? ' mc-chip--on' : ''}`}
            role='radio'
            aria-checked={draft[f] === it.key}
            tabIndex={0}
            onClick={() => choose({ [f]: it.key } as Partial<MerchantDraft>, f)}
          >
            {it.label}
          </Text>
        ))}
      </View>
      {errorText(f)}
    </View>
  )

  const pickRow = (f: 'city_id' | 'district', value: string | undefined, onOpen: () => void) => (
    <View className={`mc-cell mc-cell--${f}${errorOf(f) ? ' mc-cell--bad' : ''}`}>
      <View className='mc-cell__line' role='button' tabIndex={0} aria-haspopup='dialog' onClick={onOpen}>
        <Text className='mc-cell__label'>{label(f)}</Text>
        <Text className={`mc-cell__value${value ? '' : ' mc-cell__value--empty'}`}>{value ?? t('merchant.choose')}</Text>
        <Text className='mc-cell__chevron' aria-hidden='true'>
          ›
        </Text>
      </View>
      {errorText(f)}
    </View>
  )

  const resubmitting = application?.status === 'rejected'
  return (
    <View className='mc-form' role='form' aria-label={t('merchant.heroTitle')}>
      {restored && <Text className='mc-note mc-note--restored'>{t('merchant.draftRestored')}</Text>}

      <View className='mc-card'>
        <Text className='mc-card__title'>{t('merchant.section.shop')}</Text>
        {textRow('shop_name')}
        {chips(
          'class_id',
          classes.map((c) => ({ key: String(c.id), label: c.name })),
        )}
      </View>

      <View className='mc-card'>
        <Text className='mc-card__title'>{t('merchant.section.contact')}</Text>
        {textRow('contact_name')}
        {textRow('mobile')}
        {codeNeeded && textRow('sms_code')}
      </View>

      <View className='mc-card'>
        <Text className='mc-card__title'>{t('merchant.section.place')}</Text>
        {pickRow('city_id', cityName, () => setSheet('city'))}
        {districts.length > 0 && pickRow('district', draft.district ? districtName(draft.district) : undefined, () => setSheet('district'))}
        {textRow('address')}
        <View className={`mc-cell mc-cell--location${errorOf('location') ? ' mc-cell--bad' : ''}`}>
          {placePicker.available ? (
            <View className='mc-cell__line' role='button' tabIndex={0} onClick={() => void pickOnMap()}>
              <Text className='mc-cell__label'>{label('location')}</Text>
              <Text className={`mc-cell__value${draft.lat ? '' : ' mc-cell__value--empty'}`}>{draft.lat ? t('merchant.picked', { name: `${Number(draft.lat).toFixed(4)}, ${Number(draft.lng).toFixed(4)}` }) : t('merchant.pickOnMap')}</Text>
              <Text className='mc-cell__chevron' aria-hidden='true'>
                ›
              </Text>
            </View>
          ) : (
            <Text className='mc-cell__note'>{t('merchant.placeHint')}</Text>
          )}
          {errorText('location')}
        </View>
      </View>

      <View className='mc-card'>
        <Text className='mc-card__title'>{t('merchant.section.business')}</Text>
        {textRow('hours')}
        {chips(
          'discount_rate',
          DISCOUNT_CHOICES.map((r) => ({ key: String(r), label: discountWords(r) })),
        )}
      </View>

      <View className='mc-card'>
        <Text className='mc-card__title'>{t('merchant.section.photos')}</Text>
        <Text className='mc-cell__note mc-cell__note--photos'>{t('merchant.photoHint')}</Text>
        <View className='mc-photos'>
          <PhotoField field='licence_image' label={label('licence_image')} url={draft.licence_image} error={errorOf('licence_image')} onChange={(url) => choose({ licence_image: url }, 'licence_image')} onBusy={licenceBusy} />
          <PhotoField field='storefront_image' label={label('storefront_image')} url={draft.storefront_image} error={errorOf('storefront_image')} onChange={(url) => choose({ storefront_image: url }, 'storefront_image')} onBusy={storefrontBusy} />
        </View>
      </View>

      <View className='mc-agree'>
        <View className='mc-agree__line'>
          <View className={`mc-check tap-slop${draft.agreed ? ' mc-check--on' : ''}`} role='checkbox' aria-checked={draft.agreed} aria-labelledby='mc-agree-words' tabIndex={0} onClick={() => choose({ agreed: !draft.agreed }, 'agreed')}>
            <Text className='mc-check__mark' aria-hidden='true'>
              {draft.agreed ? '✓' : ''}
            </Text>
          </View>
          <Text className='mc-agree__words' id='mc-agree-words' onClick={() => choose({ agreed: !draft.agreed }, 'agreed')}>
            {t('merchant.agree')}
          </Text>
          <Text className='mc-agree__link tap-slop' role='button' tabIndex={0} onClick={() => void alertMessage(t('merchant.agreementText'), t('common.ok'))}>
            {t('merchant.agreement')}
          </Text>
        </View>
        {errorText('agreed')}
      </View>

      <View className='mc-submit-bar'>
        <Button className='btn-pill mc-submit' disabled={submit.busy || undefined} loading={submit.busy} onClick={() => void submit.run()}>
          {t(resubmitting ? 'merchant.resubmit' : 'merchant.submit')}
        </Button>
      </View>

      <ChoiceSheet
        id='mc-city-sheet'
        open={sheet === 'city'}
        title={t('merchant.chooseCity')}
        choices={cities.map((c) => ({ key: c.id, label: c.name, selected: String(c.id) === draft.city_id }))}
        cancelText={t('common.cancel')}
        onPick={(i) => {
          const c = cities[i]
          if (c && String(c.id) !== draft.city_id) choose({ city_id: String(c.id), district: '', lat: '', lng: '' }, 'city_id')
        }}
        onClose={() => setSheet(null)}
      />
      <ChoiceSheet
        id='mc-district-sheet'
        open={sheet === 'district'}
        title={t('merchant.chooseDistrict')}
        choices={[{ key: '', label: t('merchant.noDistrict'), selected: !draft.district }, ...districts.map((d) => ({ key: d, label: districtName(d), selected: d === draft.district }))]}
        cancelText={t('common.cancel')}
        onPick={(i) => choose({ district: i === 0 ? '' : (districts[i - 1] ?? '') }, 'district')}
        onClose={() => setSheet(null)}
      />
    </View>
  )
}
