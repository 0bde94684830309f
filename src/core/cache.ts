import type { TransportResponse } from './transport.types'

/**
 * The answers to GET calls, kept by endpoint, session and payload (issue 27): what the request client serves again
 * instead of asking (src/core/request.ts). Under the data hooks, which show a kept answer at once and ask again in
 * the background when it is no longer fresh (useQuery, usePagedList). Kept in memory only; forgotten at every
 * sign-in and sign-out (./session.ts) — and a session's token is part of the key besides.
 */
export interface Kept {
  /** When the exchange began (the phone's clock, ms). */
  at: number
  res: Promise<TransportResponse>
  /** The answer once it has arrived (a success: a failure is not kept). */
  got?: TransportResponse
  /** A write may have changed it: asked again at its next use. */
  stale?: boolean
}

/** How long a kept answer is served as it is: a return to a screen within it asks nothing. */
export const FRESH_MS = 30_000

/** By key `${path} ${token} ${query}` (keyOf in ./request.ts): an invalidation by a path's prefix is a prefix of the key. */
export const kept = new Map<string, Kept>()

/** Asked within FRESH_MS (on its way, or arrived) and no write since. */
export const isFresh = (k: Kept | undefined): k is Kept => !!k && !k.stale && Date.now() - k.at <= FRESH_MS

const listeners = new Set<() => void>()

/**
 * A write changed what these answers say (a prefix of the endpoint: 'personal.order/', 'personal.'; '' all): each is
 * asked again at its next use, and the screen on show asks at once (the hooks listen: onInvalidate).
 */
export function invalidate(...prefixes: string[]): void {
  if (!prefixes.length) prefixes = ['']
  kept.forEach((k, key) => {
    if (prefixes.some((p) => key.startsWith(p))) k.stale = true
  })
  listeners.forEach((l) => l())
}

/** Told after every invalidate(); answers the way to stop. */
export function onInvalidate(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

let again = 0

/** Run `ask`: every GET it starts at once goes to the server, fresh or not (pull to refresh, retry). */
export function askAgain<T>(ask: () => T): T {
  again++
  try {
    return ask()
  } finally {
    again--
  }
}

export const askingAgain = (): boolean => again > 0

/** Sign-in, sign-out, account deleted: nothing read for one shopper is served to the next. */
export function forgetAnswers(): void {
  kept.clear()
}
