import type { Keyboard } from './keyboard.types'

/** The mini-program has no keyboard focus; its screen reader uses the components' own semantics. */
export const keyboard: Keyboard = { install: () => undefined }
