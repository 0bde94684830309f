/** Taro.eventCenter names shared by screens of different features. */

/** Addresses in select mode (`?select=1`): a tapped address, sent back to the screen that asked (takeout, the mall). */
export const ADDRESS_SELECTED_EVENT = 'address:selected'
