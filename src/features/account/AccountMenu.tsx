import Taro from '@tarojs/taro'
import { useState } from 'react'
import ChoiceSheet from '@/components/ChoiceSheet'
import { useServerInfo } from '@/api/site'
import { LANGUAGE_NAMES, ME_LINKS } from '@/contract/accountWords'
import { accountMenuEntries } from '@/views/account/accountMenu'
import { APP_VERSION, APP_VERSION_CODE } from '@/contract/appInfo'
import { alertMessage, confirmAction, toastInfo, toastSuccess } from '@/core/feedback'
import { setLang, useLang } from '@/core/i18n'
import { useT } from '@/features/account/messages'
import { logout } from '@/core/logout'
import { requireLogin } from '@/core/session'
import { useAction } from '@/hooks/useAction'
import { applyTabBarLanguage } from '@/tabBar'
import MenuList, { type MenuItem } from './components/MenuList'
import { routeUrl, type RoutePath } from '@/routes'

interface Props {
  loggedIn: boolean
  /** Staff of a store (the profile's userIds.storeId): the store workbench comes first. */
  staff?: boolean
  onLoggedOut: () => void
}

/** Each language named in itself. */
const LANGS = (['zh-CN', 'en'] as const).map((lang) => ({ lang, label: LANGUAGE_NAMES[lang] }))

/** Where each of the menu's links goes, and whether it needs a logged-in shopper. */
const LINK_TO: Record<(typeof ME_LINKS)[number][0], [RoutePath, boolean]> = {
  cards: ['pages/card/my', true],
  records: ['pages/card/records', true],
  coupons: ['pages/card/ticketList', true],
  addresses: ['pages/personal/address', true],
  shopRegister: ['pages/shopRegister/index', true],
  jobs: ['pages/recruit/index', false],
}

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

  const actions: Record<string, () => void> = {
    workbench: () => open(routeUrl('pages/store/index'), true),
    language: () => setChoosingLang(true),
    service: () => setChoosingService(true),
    about: () => void alertMessage(t('me.aboutText', { version: APP_VERSION, code: APP_VERSION_CODE }), t('common.ok')),
    sessions: () => open(routeUrl('pages/personal/sessions'), true),
    deleteAccount: () => open(routeUrl('pages/personal/deleteAccount'), true),
    logout: () => void doLogout.run(),
  }
  // (No Object.fromEntries: Chrome 73.)
  for (const [key] of ME_LINKS) actions[key] = () => open(routeUrl(LINK_TO[key][0]), LINK_TO[key][1])
  // The entries as the server's drawing lists them too (accountMenuEntries), each with its action.
  const items: MenuItem[] = accountMenuEntries(t, { lang, servicePhone: service?.service_phone, loggedIn, staff }).map((e) => ({ ...e, onClick: actions[e.key] }))

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
