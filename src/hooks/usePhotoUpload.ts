import { useEffect, useRef, useState } from 'react'
import { errorMessage } from '@/core/request'
import { photos } from '@/platform/photos'
import type { LocalPhoto } from '@/platform/photos.types'

/** A photo on its way: what was chosen, how far its upload is, and why it failed (null while it goes). */
export type PhotoSending = { photo: LocalPhoto; percent: number; failed: string | null }

/**
 * One photo field's upload (src/platform/photos): choose → made smaller on the phone → uploaded with its progress; a
 * failed upload can be sent again (the smaller picture is kept) or dropped. Only the stored address reaches the form
 * (`onChange`); what is on its way lives here, and `onBusy` says while it goes (the form waits for it). `chooseFailed`:
 * the words when the phone could not read the picture.
 */
export function usePhotoUpload(o: { onChange: (url: string) => void; onBusy: (busy: boolean) => void; chooseFailed: string }) {
  const { onChange, onBusy, chooseFailed } = o
  const [sending, setSending] = useState<PhotoSending | null>(null)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )
  const busy = sending !== null && sending.failed === null
  useEffect(() => onBusy(busy), [busy, onBusy])

  const send = async (photo: LocalPhoto) => {
    setSending({ photo, percent: 0, failed: null })
    try {
      const stored = await photos.upload(photo, (percent) => {
        if (mounted.current) setSending((s) => (s && s.photo === photo ? { ...s, percent } : s))
      })
      if (!mounted.current) return
      setSending(null)
      onChange(stored)
    } catch (e) {
      if (mounted.current) setSending((s) => (s && s.photo === photo ? { ...s, failed: errorMessage(e) } : s))
    }
  }

  const choose = async () => {
    if (busy) return
    let photo: LocalPhoto | null = null
    try {
      photo = await photos.choose()
    } catch {
      // Not a picture the phone could read: said under the field; choosing again is the way on.
      if (mounted.current) setSending({ photo: { preview: '', source: '' }, percent: 0, failed: chooseFailed })
      return
    }
    if (photo && mounted.current) await send(photo)
  }

  /** Drop what is on its way (a failed one). */
  const drop = () => setSending(null)

  return { sending, busy, send, choose, drop }
}
