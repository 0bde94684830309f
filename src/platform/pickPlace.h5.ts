import type { PlacePicker } from './pickPlace.types'

/** H5: no map picker (see pickPlace.types.ts); the screen offers the typed address only. */
export const placePicker: PlacePicker = {
  available: false,
  pick: () => Promise.resolve(null),
}
