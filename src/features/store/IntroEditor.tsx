import { Button, Image, Input, Text, Textarea, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import { requestShopProfile } from '@/api/storeProfile'
import RichIntro from '@/components/RichIntro'
import type { StoreProfileAnswer } from '@/contract/shopProfile'
import { SHOP_PROFILE_LIMITS } from '@/contract/shopProfileEndpoints'
import { toastError, toastSuccess } from '@/core/feedback'
import { assetUrl, errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import { photos as photoPlatform } from '@/platform/photos'
import type { LocalPhoto } from '@/platform/photos.types'
import { blocksToHtml, htmlToBlocks, type IntroBlock, type TextKind } from './introBlocks'
import './store.css'
import './profile.css'

interface Props {
  data: StoreProfileAnswer
  onChanged: (p: StoreProfileAnswer) => void
}

/** A block as edited: its content, and a picture's upload on its way. */
type Edited = IntroBlock & { key: string; local?: LocalPhoto; percent?: number; failed?: string | null }
const TEXT_KINDS: readonly TextKind[] = ['p', 'h', 'ul', 'ol']
const KIND_WORDS = { p: 'intro.kind.p', h: 'intro.kind.h', ul: 'intro.kind.ul', ol: 'intro.kind.ol', img: 'intro.kind.img' } as const

let seq = 0
const keyed = (b: IntroBlock): Edited => ({ ...b, key: `b${++seq}` })

/**
 * Workbench → Shop profile → Introduction (issue 44): a structured editor that works the same on weapp and H5 — blocks
 * (paragraph, heading, list, numbered list: words in a text box, `**bold**` or the whole block bold; picture: uploaded
 * with its progress, with its description), each moved up or down or removed with buttons that name the block. The
 * preview below is the shop page's own component (RichIntro) on the HTML the blocks make; the server's allow-list decides
 * what is stored, and the answer's HTML replaces the blocks (what it did not keep is gone, and said).
 */
export default function IntroEditor({ data, onChanged }: Props) {
  const t = useT()
  const owner = data.my_role === 'owner'
  const [blocks, setBlocks] = useState<Edited[]>(() => htmlToBlocks(data.intro_html).map(keyed))
  const [problem, setProblem] = useState<string | null>(null)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const patch = (key: string, p: Partial<Edited>) => {
    if (mounted.current) setBlocks((all) => all.map((b) => (b.key === key ? ({ ...b, ...p } as Edited) : b)))
  }
  const move = (i: number, by: -1 | 1) =>
    setBlocks((all) => {
      const next = all.slice()
      const [b] = next.splice(i, 1)
      next.splice(i + by, 0, b)
      return next
    })
  const add = (kind: TextKind) => setBlocks((all) => [...all, keyed({ kind, text: '', bold: false })])
  const upload = async (key: string, local: LocalPhoto) => {
    patch(key, { failed: null, percent: 0 })
    try {
      const src = await photoPlatform.upload(local, (percent) => patch(key, { percent }))
      patch(key, { src, local: undefined, percent: 100 })
    } catch (e) {
      patch(key, { failed: errorMessage(e) })
    }
  }
  const addPicture = async () => {
    if (blocks.filter((b) => b.kind === 'img').length >= SHOP_PROFILE_LIMITS.introPictures) return
    let local: LocalPhoto | null = null
    try {
      local = await photoPlatform.choose()
    } catch {
      toastError(t('profile.uploadFailed'))
      return
    }
    if (!local) return
    const b: Edited = { kind: 'img', src: '', alt: '', key: `b${++seq}`, local, percent: 0, failed: null }
    setBlocks((all) => [...all, b])
    await upload(b.key, local)
  }

  const html = blocksToHtml(blocks)
  const save = useAction(async () => {
    setProblem(null)
    if (blocks.some((b) => b.kind === 'img' && !b.src)) return setProblem(t('intro.wait'))
    try {
      const saved = await requestShopProfile('hui_shanghu.store_profile/intro', { html })
      onChanged(saved)
      setBlocks(htmlToBlocks(saved.intro_html).map(keyed))
      if (saved.removed) toastError(t('intro.removed', { n: saved.removed }))
      else toastSuccess(t('profile.saved'))
    } catch (e) {
      setProblem(errorMessage(e))
      toastError(errorMessage(e))
    }
  })

  return (
    <View className='store-order sp intro'>
      {!owner && <Text className='store-box sp-readonly'>{t('profile.ownerOnly')}</Text>}
      <View className='store-box sp-part'>
        <Text className='sp-part__title'>{t('intro.title')}</Text>
        <Text className='store-note'>{t('intro.hint')}</Text>
      </View>
      {owner && blocks.length === 0 && <Text className='store-box intro__empty'>{t('intro.empty')}</Text>}
      {owner &&
        blocks.map((b, i) => {
          const n = i + 1
          const kindId = `intro-kind-${b.key}`
          return (
            <View key={b.key} className={`store-box intro-block intro-block--${b.kind}`} role='group' aria-label={`${n}. ${t(KIND_WORDS[b.kind])}`}>
              {b.kind !== 'img' ? (
                <>
                  <Text className='sp-field__label' id={kindId}>
                    {t('intro.kind')}
                  </Text>
                  <View className='sp-chips' role='radiogroup' aria-labelledby={kindId}>
                    {TEXT_KINDS.map((k) => (
                      <Text key={k} className={`sp-chip intro-kind intro-kind--${k}${b.kind === k ? ' sp-chip--on' : ''}`} role='radio' aria-checked={b.kind === k} tabIndex={0} onClick={() => patch(b.key, { kind: k })}>
                        {t(KIND_WORDS[k])}
                      </Text>
                    ))}
                  </View>
                  <Textarea
                    className='sp-input intro-block__text'
                    value={b.text}
                    maxlength={SHOP_PROFILE_LIMITS.introText}
                    autoHeight
                    placeholder={b.kind === 'ul' || b.kind === 'ol' ? t('intro.listHint') : ''}
                    nativeProps={{ 'aria-label': t('intro.text', { n }) }}
                    onInput={(e) => patch(b.key, { text: e.detail.value })}
                  />
                  <Text className={`intro-block__bold${b.bold ? ' intro-block__bold--on' : ''}`} role='checkbox' aria-checked={b.bold} tabIndex={0} onClick={() => patch(b.key, { bold: !b.bold })}>
                    {t('intro.bold')}
                  </Text>
                </>
              ) : (
                <>
                  <View className='intro-block__picture'>
                    <Image className='intro-block__img' src={b.local ? b.local.preview : assetUrl(b.src)} mode='widthFix' nativeProps={{ alt: b.alt }} />
                    {!b.src && !b.failed && (
                      <View className='sp-photo__veil' role='progressbar' aria-valuemin={0} aria-valuemax={100} aria-valuenow={b.percent ?? 0} aria-label={t('intro.kind.img')}>
                        <Text>{t('profile.uploading', { percent: b.percent ?? 0 })}</Text>
                      </View>
                    )}
                    {b.failed && b.local && (
                      <View className='sp-photo__veil sp-photo__veil--failed'>
                        <Text>{t('profile.uploadFailed')}</Text>
                        <Text className='sp-photo__retry' role='button' tabIndex={0} onClick={() => void upload(b.key, b.local as LocalPhoto)}>
                          {t('profile.retry')}
                        </Text>
                      </View>
                    )}
                  </View>
                  <Input className='sp-input intro-block__alt' value={b.alt} maxlength={60} placeholder={t('intro.altPh')} nativeProps={{ 'aria-label': t('intro.alt') }} onInput={(e) => patch(b.key, { alt: e.detail.value })} />
                </>
              )}
              <View className='intro-block__actions'>
                {i > 0 && (
                  <Text className='sp-photo__act intro-block__up' role='button' tabIndex={0} aria-label={t('intro.up', { n })} onClick={() => move(i, -1)}>
                    ↑
                  </Text>
                )}
                {i < blocks.length - 1 && (
                  <Text className='sp-photo__act intro-block__down' role='button' tabIndex={0} aria-label={t('intro.down', { n })} onClick={() => move(i, 1)}>
                    ↓
                  </Text>
                )}
                <Text className='sp-photo__act intro-block__remove' role='button' tabIndex={0} aria-label={t('intro.remove', { n })} onClick={() => setBlocks((all) => all.filter((x) => x.key !== b.key))}>
                  ×
                </Text>
              </View>
            </View>
          )
        })}
      {owner && (
        <View className='store-box intro-add' role='group' aria-label={t('intro.add')}>
          {TEXT_KINDS.map((k) => (
            <Button key={k} className={`btn-outline intro-add__btn intro-add__btn--${k}`} size='mini' onClick={() => add(k)}>
              + {t(KIND_WORDS[k])}
            </Button>
          ))}
          <Button className='btn-outline intro-add__btn intro-add__btn--img' size='mini' onClick={() => void addPicture()}>
            + {t('intro.kind.img')}
          </Button>
        </View>
      )}
      <View className='store-box sp-part intro-preview' role='region' aria-labelledby='intro-preview-title'>
        <Text className='sp-part__title' id='intro-preview-title'>
          {t('intro.preview')}
        </Text>
        {html ? <RichIntro html={html} className='intro-preview__body' /> : <Text className='store-note'>{t('profile.introEmpty')}</Text>}
      </View>
      {problem && (
        <Text className='sp-error intro__error' role='alert'>
          {problem}
        </Text>
      )}
      {owner && (
        <View className='sp-bar'>
          <Button className='btn-pill sp-save intro__save' loading={save.busy || undefined} disabled={save.busy || undefined} onClick={() => void save.run()}>
            {t('intro.save')}
          </Button>
        </View>
      )}
    </View>
  )
}
