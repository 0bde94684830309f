import { dialable, type PhoneCalls } from './phone.types'

/**
 * H5: a `tel:` link, followed as the shopper's tap (a real anchor in the page, clicked and removed): a phone's browser
 * dials, a desktop one hands it to the system's calling app if there is one. Taro H5's makePhoneCall sets
 * `location.href`, which some browsers treat as leaving the page.
 */
export const phone: PhoneCalls = {
  call(number) {
    if (typeof document === 'undefined') return
    const link = document.createElement('a')
    link.href = `tel:${dialable(number)}`
    link.style.display = 'none'
    document.body.appendChild(link)
    link.click()
    link.remove()
  },
}
