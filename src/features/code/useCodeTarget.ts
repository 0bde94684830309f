import { fetchUrlByNumber } from '@/api/codes'
import { ApiError } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'
import { toInternalTarget } from './target'

/** The code could not be looked up (no network, server trouble): trying again can help, unlike a code the server does not know. */
export function couldRetry(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'http')
}

/**
 * Where a scanned number leads: one of our own routes, or an error — `unknownMessage` when there is no
 * number or the server's answer is not a page of ours.
 */
export function useCodeTarget(number: string | null, unknownMessage: string) {
  return useQuery(async () => {
    if (!number) throw new Error(unknownMessage)
    const internal = toInternalTarget(await fetchUrlByNumber(number))
    if (!internal) throw new Error(unknownMessage)
    return internal
  }, [number, unknownMessage])
}
