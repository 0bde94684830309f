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
  'common.notFound': 'Nothing to show here',
  'common.notFoundHint': 'The link may be incomplete or out of date',
  'common.backHome': 'Back home',

  'nav.back': 'Back',
  'nav.home': 'Home',
  'nav.pageNotFound': 'Page not found',

  'tab.home': 'Home',
  'tab.card': 'Card',
  'tab.orders': 'Orders',
  'tab.me': 'Me',

  'auth.loginRequired': 'Please log in first',
  'auth.loginRequiredHint': 'Log in to see and use this',
  'auth.login': 'Log in / bind phone',
  'auth.expired': 'Your login has expired, please log in again',

  'pay.success': 'payment success',
  'pay.failed': 'payment failed',
  'pay.cancelled': 'Payment cancelled',
  'pay.paying': 'Paying…',
  'pay.alreadyPaid': 'Order already paid',
  'pay.checking': 'Checking the payment…',

  'lang.name': 'English',
  'lang.switch': 'Language',
}
