import type { DialogFocus } from './dialog.types'

/** The mini-program has no keyboard focus; its screen reader reads the sheet's items in order. */
export const dialogFocus: DialogFocus = { hold: () => () => undefined }
