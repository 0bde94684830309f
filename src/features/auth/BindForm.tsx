import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { PRIVACY_VERSION } from '@/contract/constants'
import { toastError, toastSuccess } from '@/core/feedback'
import { isMainlandMobile } from '@/core/format'
import { useT } from '@/features/auth/messages'
import { errorMessage, isRefusal, request } from '@/core/request'
import { returnAfterLogin, setToken } from '@/core/session'
import { setItem } from '@/core/storage'
import { rememberUserIds } from '@/api/roles'
import { useAction } from '@/hooks/useAction'
import { useCountdown } from '@/hooks/useCountdown'
import { privacyPlatform } from '@/platform/privacy'
import { phoneLogin } from '@/platform/phoneLogin'
import type { PhoneButtonResult } from '@/platform/phoneLogin.types'
import type { BindAnswer } from '@/contract/account'
import { wxAuth } from '@/platform/wxAuth'
import PrivacyNotice from './PrivacyNotice'
import './BindForm.css'

/** "The user said no" in WeChat's button answer (getPhoneNumber:fail user deny / :fail:user deny). */
const DENIED = /deny|cancel/i

/**
 * Phone + SMS code → bind → token stored → back to the page that asked. On the mini-program, first WeChat's one-tap phone
 * number (issue 40): its button's code is exchanged by the server for the number WeChat verified; when WeChat has none to
 * give (the quota spent, the mini-program not allowed, no permission) the button goes and the screen says to use the SMS
 * code below — which is always there.
 */
export default function BindForm({ redirect }: { redirect?: string }) {
  const t = useT()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [phoneError, setPhoneError] = useState('')
  const [codeError, setCodeError] = useState('')
  const [resendAt, setResendAt] = useState<number | null>(null)
  // A wait the phone starts itself (now + resend_in): counted on the phone's own clock.
  const wait = useCountdown(resendAt, Date.now)
  const [agreed, setAgreed] = useState(false)
  const [privacyError, setPrivacyError] = useState<'' | 'auth.privacyRequired' | 'auth.privacyDenied'>('')
  const [noticeOpen, setNoticeOpen] = useState(false)
  // WeChat's one-tap phone number: offered on the mini-program until WeChat or the server says it is not available.
  const [quick, setQuick] = useState<'offered' | 'unavailable'>(phoneLogin.available ? 'offered' : 'unavailable')
  const [quickNote, setQuickNote] = useState(false)

  /** Nothing personal leaves the device before the shopper ticked the notice (and, on weapp, WeChat agrees). */
  const privacyOk = async (): Promise<boolean> => {
    if (!agreed) {
      setPrivacyError('auth.privacyRequired')
      toastError(t('auth.privacyRequired'))
      return false
    }
    if (!(await privacyPlatform.ensureAuthorized())) {
      setPrivacyError('auth.privacyDenied')
      toastError(t('auth.privacyDenied'))
      return false
    }
    setPrivacyError('')
    return true
  }
  const toggleAgree = () => {
    setAgreed((a) => !a)
    setPrivacyError('')
  }

  const send = useAction(async () => {
    if (!isMainlandMobile(phone)) {
      setPhoneError(t('auth.phoneInvalid'))
      return
    }
    setPhoneError('')
    if (!(await privacyOk())) return
    try {
      const res = await request('Captcha/sendSmsCaptcha', { phone: phone.trim(), scene: 'bind' })
      setResendAt(Date.now() + res.resend_in * 1000)
      toastSuccess(t('auth.codeSent'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })

  const signedIn = (res: BindAnswer) => {
    setToken(res.token)
    setItem('myUserId', res.user.id)
    rememberUserIds(res.user.userIds)
    toastSuccess(t('auth.bound'))
    returnAfterLogin(redirect)
  }

  const fallBack = () => {
    setQuick('unavailable')
    setQuickNote(true)
  }

  const quickLogin = useAction(async (result: PhoneButtonResult) => {
    if (!result.code) {
      // The shopper said no in WeChat's sheet: nothing to say, the button and the SMS code are both still there.
      if (DENIED.test(result.errMsg)) return
      // No code for another reason (quota spent — errno 1400001 —, no permission, an old WeChat): the SMS code.
      fallBack()
      return
    }
    try {
      const identity = await wxAuth.identity()
      signedIn(await request('wechat/phoneLogin', { phone_code: result.code, wx_code: identity.wx_code, privacy_version: PRIVACY_VERSION }))
    } catch (e) {
      if (isRefusal(e, 'wechat_phone_unavailable')) fallBack()
      else toastError(errorMessage(e))
    }
  })
  /** Before the number leaves WeChat: the notice ticked (WeChat's own sheet asks the shopper for the number itself). */
  const quickProps = agreed
    ? phoneLogin.buttonProps((result) => void quickLogin.run(result))
    : {
        onClick: () => {
          setPrivacyError('auth.privacyRequired')
          toastError(t('auth.privacyRequired'))
        },
      }

  const bind = useAction(async () => {
    const badPhone = !isMainlandMobile(phone)
    const badCode = !/^\d{6}$/.test(code.trim())
    setPhoneError(badPhone ? t('auth.phoneInvalid') : '')
    setCodeError(badCode ? t('auth.codeInvalid') : '')
    if (badPhone || badCode) return
    if (!(await privacyOk())) return
    try {
      const identity = await wxAuth.identity()
      signedIn(await request('wechat/bind', { phone: phone.trim(), code: code.trim(), ...identity, privacy_version: PRIVACY_VERSION }))
    } catch (e) {
      // The form keeps what was typed; the shopper fixes the code and tries again.
      setCodeError(errorMessage(e))
    }
  })

  return (
    <View className='bind'>
      <Text className='bind__title'>{t('auth.title')}</Text>
      <Text className='bind__subtitle'>{t('auth.subtitle')}</Text>
      {quick === 'offered' && (
        <View className='bind__quick'>
          <Button className='bind__quick-btn' disabled={quickLogin.busy || undefined} loading={quickLogin.busy} {...quickProps}>
            {t('auth.quick')}
          </Button>
          <Text className='bind__or'>{t('auth.orSms')}</Text>
        </View>
      )}
      {quickNote && (
        <Text className='bind__quick-note' role='status'>
          {t('auth.quickUnavailable')}
        </Text>
      )}
      <View className='bind__field'>
        <Text className='bind__label'>{t('auth.phone')}</Text>
        <Input className='bind__input bind__phone' type='number' maxlength={11} placeholder={t('auth.phonePlaceholder')} nativeProps={{ 'aria-label': t('auth.phone') }} value={phone} onInput={(e) => setPhone(e.detail.value)} />
      </View>
      {phoneError && <Text className='bind__error bind__error--phone'>{phoneError}</Text>}
      <View className='bind__field'>
        <Text className='bind__label'>{t('auth.code')}</Text>
        <Input className='bind__input bind__code' type='number' maxlength={6} placeholder={t('auth.codePlaceholder')} nativeProps={{ 'aria-label': t('auth.code') }} value={code} onInput={(e) => setCode(e.detail.value)} />
        <Button className='bind__send tap-slop' disabled={wait > 0 || send.busy || undefined} loading={send.busy} onClick={() => void send.run()}>
          {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.sendCode')}
        </Button>
      </View>
      {codeError && <Text className='bind__error bind__error--code'>{codeError}</Text>}
      <View className='bind__privacy'>
        <Button
          className={`bind__agree${agreed ? ' bind__agree--on' : ''}`}
          aria-pressed={agreed}
          {...privacyPlatform.agreeButtonProps()}
          onClick={toggleAgree}
        >
          <View className='bind__tick' aria-hidden='true' />
          <Text className='bind__agree-text'>{t('auth.agree')}</Text>
        </Button>
        <Text className='bind__notice-link' role='button' tabIndex={0} aria-expanded={noticeOpen} onClick={() => setNoticeOpen((o) => !o)}>
          {t('auth.noticeLink')}
        </Text>
      </View>
      {privacyError && <Text className='bind__error bind__error--privacy'>{t(privacyError)}</Text>}
      {noticeOpen && <PrivacyNotice onClose={() => setNoticeOpen(false)} />}
      <Button className='bind__submit' disabled={bind.busy || undefined} loading={bind.busy} onClick={() => void bind.run()}>
        {t('auth.bind')}
      </Button>
    </View>
  )
}
