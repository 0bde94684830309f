import type { MessageKey } from './zh-CN'

/** English — the second locale (the seed's English titles and messages). */
export const en: Record<MessageKey, string> = {
  'app.name': 'One Card Pass',

  'common.loading': 'Loading…',
  'common.loadingMore': 'Loading more…',
  'common.noMore': 'No more',
  'common.retry': 'Retry',
  'common.empty': 'Nothing here yet',
  'common.loadFailed': 'Could not load',
  'common.networkError': 'Network problem, please try again',
  'common.serverError': 'Server error ({status})',
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.saved': 'Saved',
  'common.delete': 'Delete',
  'common.edit': 'Edit',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.submit': 'Submit',
  'common.yuan': '¥{amount}',
  'common.numberWrong': 'Number is wrong!',

  'nav.back': 'Back',
  'nav.home': 'Home',
  'nav.pageNotFound': 'Page not found',

  'tab.home': 'Home',
  'tab.card': 'Card',
  'tab.orders': 'Orders',
  'tab.me': 'Me',

  'auth.loginRequired': 'Please log in first',
  'auth.expired': 'Your login has expired, please log in again',

  'pay.success': 'payment success',
  'pay.failed': 'payment failed',
  'pay.cancelled': 'Payment cancelled',
  'pay.paying': 'Paying…',
  'pay.alreadyPaid': 'Order already paid',
  'pay.checking': 'Checking the payment…',

  'me.login': 'Log in / bind phone',
  'me.loginHint': 'Bind your phone to get member discounts',
  'me.myCards': 'My cards',
  'me.cardRecords': 'Card purchase records',
  'me.coupons': 'Coupons',
  'me.addresses': 'Addresses',
  'me.shopRegister': 'Merchant sign-up',
  'me.jobs': 'Jobs',
  'me.service': 'Customer service',
  'me.language': '语言 / Language',
  'me.about': 'About One Card Pass',
  'me.aboutText': 'One Card Pass version {version} ({code})',
  'me.logout': 'Log out',
  'me.logoutConfirm': 'Log out now?',
  'me.loggedOut': 'Logged out',

  'lang.name': 'English',
  'lang.switch': 'Language',
}
