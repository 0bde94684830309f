import type { Scanner } from './scan.types'

/** Placeholder until the H5 camera scanner lands (issue 12): the screens offer typing the code. */
export const scanner: Scanner = {
  available: () => false,
  scan: async () => 'unavailable',
}
