import { LANGUAGE_NAMES, ME_LINKS } from '@/contract/accountWords'
import { APP_VERSION } from '@/contract/appInfo'
import type { AccountWords } from '../words'

/** An entry of My account's menu (MenuList draws it; the screen gives each its action by key). */
export interface MenuEntry {
  key: string
  label: string
  value?: string
}

/**
 * The entries of My account, in order: the store workbench for staff, the links, the language, customer service (when
 * the server's info is there), about; then, logged in, sessions, deleting the account and logging out.
 */
export function accountMenuEntries(t: AccountWords, o: { lang: keyof typeof LANGUAGE_NAMES; servicePhone?: string; loggedIn: boolean; staff: boolean }): MenuEntry[] {
  return [
    ...(o.loggedIn && o.staff ? [{ key: 'workbench', label: t('me.workbench') }] : []),
    ...ME_LINKS.map(([key, word]) => ({ key, label: t(word) })),
    { key: 'language', label: t('me.language'), value: LANGUAGE_NAMES[o.lang] },
    ...(o.servicePhone ? [{ key: 'service', label: t('me.service'), value: o.servicePhone }] : []),
    { key: 'about', label: t('me.about'), value: APP_VERSION },
    ...(o.loggedIn
      ? [
          { key: 'sessions', label: t('me.sessions') },
          { key: 'deleteAccount', label: t('me.deleteAccount') },
          { key: 'logout', label: t('me.logout') },
        ]
      : []),
  ]
}
