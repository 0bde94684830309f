/**
 * A phone call (issue 39): the shop's number on a takeout order, the rider's while out for delivery. weapp: WeChat's
 * own call sheet (makePhoneCall); H5: a `tel:` link, which a phone dials and a desktop browser hands to whatever app
 * takes calls (or nothing) — which is why the screens show the number in full beside the button, to read or copy.
 */
export interface PhoneCalls {
  /** Offer to call `number` (digits, `-` and `+` only: anything else is dropped). */
  call(number: string): void
}

/** A number as a `tel:` link and makePhoneCall take it: digits, `+` and `-` only. */
export const dialable = (number: string): string => number.replace(/[^\d+-]/g, '')
