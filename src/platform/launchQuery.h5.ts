import type { LaunchQuery, Query } from './launchQuery.types'

export const launchQuery: LaunchQuery = {
  current() {
    const out: Query = {}
    new URLSearchParams(window.location.search).forEach((v, k) => {
      out[k] = v
    })
    return out
  },
}
