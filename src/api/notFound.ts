import { NOT_FOUND } from '@/contract/notFound'
import { ApiError } from '@/core/request'

/** The server says the thing is not there (or not the shopper's): the screen says "not found", never "retry". */
export function isNotFound(error: unknown, what: keyof typeof NOT_FOUND): boolean {
  return error instanceof ApiError && error.kind === 'business' && error.message === NOT_FOUND[what]
}
