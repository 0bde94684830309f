/**
 * What the page's inline scripts (this folder) and the app's H5 transport (src/platform/transport.h5.ts) share on
 * `window`: the page's first answers by URL. Types only.
 */
import type { FirstAnswerCall } from '../../../src/contract/firstAnswers'

export type { FirstAnswerCall }

/** An answer as the page keeps it (the transport reads `got`). */
export interface GivenAnswer {
  status: number
  text: string
  headers: Record<string, string>
}

/**
 * A first answer by its URL, taken once by the app. `at`: when it was asked for (the clock's estimate); `res`: the
 * request, when the page made one; `got`: the answer, once it has arrived — or from the start, when the server put
 * it in the page (no `res` then).
 */
export interface FirstAnswerEntry {
  at: number
  res?: Promise<Response>
  got?: GivenAnswer
}

export interface FirstAnswersWindow {
  __ocpFirstAnswers?: Record<string, FirstAnswerEntry | undefined>
  /** Set when the drawn first screen was drawn for another language or city than the phone keeps. */
  __ocpDrawnWrong?: boolean
}
