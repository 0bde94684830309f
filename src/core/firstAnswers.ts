import { ENDPOINTS, type EndpointPath } from '@/contract/endpoints'
import { FIRST_ANSWERS } from '@/contract/firstAnswers'
import type { ApiReq } from '@/contract/schemas'
import { startFirstAnswer } from './request'
import { getItem } from './storage'

const isEndpoint = (path: string): path is EndpointPath => Object.prototype.hasOwnProperty.call(ENDPOINTS, path)

/**
 * Start the first calls of the page the app opens on (FIRST_ANSWERS: Home, Membership card, Me) before that page
 * has rendered (issue 15) — the same calls, with the same payloads, that its screens make as they mount: the stored
 * city's shops (`inCity`), the profile only with a stored session (`signedIn`). The screens then take the answers
 * (request(), firstAnswer()). Answers how many were started.
 */
export function startFirstAnswers(route: string | undefined): number {
  const calls = route ? FIRST_ANSWERS[route.replace(/^\//, '')] : undefined
  if (!calls) return 0
  const token = getItem('token')
  const city = getItem('city')
  let n = 0
  for (const [path, data, when] of calls) {
    if (!isEndpoint(path) || (when === 'signedIn' && !token)) continue
    // `city_id` first, as Home's filter puts it: the URL must be the one the screen will ask for.
    const payload = when === 'inCity' && city ? { city_id: city.id, ...data } : { ...data }
    startFirstAnswer(path, payload as unknown as ApiReq<typeof path>)
    n++
  }
  return n
}
