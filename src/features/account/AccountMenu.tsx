import Taro from '@tarojs/taro'
import { useState } from 'react'
import ChoiceSheet from '@/components/ChoiceSheet'
import { useServerInfo } from '@/api/site'
import { LANGUAGE_NAMES } from '@/contract/accountWords'
import { APP_VERSION, APP_VERSION_CODE } from '@/contract/appInfo'
import { alertMessage, confirmAction, toastInfo, toastSuccess } from '@/core/feedback'
import { setLang, useLang } from '@/core/i18n'
import { useT } from '@/features/account/messages'
import { logout } from '@/core/logout'
import { requireLogin } from '@/core/session'
import { useAction } from '@/hooks/useAction'
import { applyTabBarLanguage } from '@/tabBar'
import MenuList, { type MenuItem } from './components/MenuList'
import { routeUrl } from '@/routes'

interface Props {
  loggedIn: boolean
  /** Staff of a store (the profile's userIds.storeId): the store workbench comes first. */
  staff?: boolean
  onLoggedOut: () => void
}

/** Each language named in itself. */
const LANGS = [
  { lang: 'zh-CN', label: LANGUAGE_NAMES['zh-CN'] },
  { lang: 'en', label: LANGUAGE_NAMES.en },
] as const

function open(url: string, needsLogin: boolean) {
  if (needsLogin && !requireLogin(url)) return
  void Taro.navigateTo({ url })
}

/** The entries of My account; those that need a user send an anonymous shopper to log in first. */
export default function AccountMenu({ loggedIn, staff = false, onLoggedOut }: Props) {
  const t = useT()
  const lang = useLang()

  // An in-app sheet: the platforms' action sheets say 取消 whatever the language.
  const [choosingLang, setChoosingLang] = useState(false)
  // Customer service (PRODUCT §3, from serverInfo): call the phone or copy the WeChat ID.
  const service = useServerInfo().data
  const [choosingService, setChoosingService] = useState(false)
  const serviceChoices = service
    ? [
        { key: 'call', label: t('me.serviceCall', { phone: service.service_phone }), run: () => void Taro.makePhoneCall({ phoneNumber: service.service_phone }).catch(() => undefined) },
        {
          key: 'wechat',
          label: t('me.serviceWechat', { wechat: service.service_wechat }),
          run: () =>
            void Taro.setClipboardData({ data: service.service_wechat })
              .then(() => toastSuccess(t('me.serviceCopied')))
              .catch(() => undefined),
        },
      ]
    : []
  const chooseLanguage = (index: number) => {
    setLang(LANGS[index].lang)
    applyTabBarLanguage()
  }

  // Single-flight; the token is gone here at once, the toast says whether the server confirmed it too.
  const doLogout = useAction(async () => {
    if (!(await confirmAction(t('me.logoutConfirm'), t('me.logout'), t('common.cancel')))) return
    const revoked = logout()
    onLoggedOut()
    toastInfo((await revoked) ? t('me.loggedOut') : t('me.loggedOutOffline'))
  })

  const items: MenuItem[] = [
    ...(loggedIn && staff ? [{ key: 'workbench', label: t('me.workbench'), onClick: () => open(routeUrl('pages/store/index'), true) }] : []),
    { key: 'cards', label: t('me.myCards'), onClick: () => open(routeUrl('pages/card/my'), true) },
    { key: 'records', label: t('me.cardRecords'), onClick: () => open(routeUrl('pages/card/records'), true) },
    { key: 'coupons', label: t('me.coupons'), onClick: () => open(routeUrl('pages/card/ticketList'), true) },
    { key: 'addresses', label: t('me.addresses'), onClick: () => open(routeUrl('pages/personal/address'), true) },
    { key: 'shopRegister', label: t('me.shopRegister'), onClick: () => open(routeUrl('pages/shopRegister/index'), false) },
    { key: 'jobs', label: t('me.jobs'), onClick: () => open(routeUrl('pages/recruit/index'), false) },
    { key: 'language', label: t('me.language'), value: LANGUAGE_NAMES[lang], onClick: () => setChoosingLang(true) },
    ...(service ? [{ key: 'service', label: t('me.service'), value: service.service_phone, onClick: () => setChoosingService(true) }] : []),
    {
      key: 'about',
      label: t('me.about'),
      value: APP_VERSION,
      onClick: () => void alertMessage(t('me.aboutText', { version: APP_VERSION, code: APP_VERSION_CODE }), t('common.ok')),
    },
  ]
  if (loggedIn) {
    items.push(
      { key: 'sessions', label: t('me.sessions'), onClick: () => open(routeUrl('pages/personal/sessions'), true) },
      { key: 'deleteAccount', label: t('me.deleteAccount'), onClick: () => open(routeUrl('pages/personal/deleteAccount'), true) },
      { key: 'logout', label: t('me.logout'), onClick: () => void doLogout.run() },
    )
  }

  return (
    <>
      <MenuList items={items} />
      <ChoiceSheet
        id='language-sheet'
        open={choosingLang}
        title={t('me.language')}
        choices={LANGS.map((l) => ({ key: l.lang, label: l.label, selected: l.lang === lang }))}
        cancelText={t('common.cancel')}
        onPick={chooseLanguage}
        onClose={() => setChoosingLang(false)}
      />
      <ChoiceSheet
        id='service-sheet'
        open={choosingService}
        title={service ? t('me.serviceTitle', { hours: service.service_hours }) : t('me.service')}
        choices={serviceChoices}
        cancelText={t('common.cancel')}
        onPick={(i) => serviceChoices[i]?.run()}
        onClose={() => setChoosingService(false)}
      />
    </>
  )
}
