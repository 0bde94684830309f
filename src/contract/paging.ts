/** Every list endpoint pages the same way: `page` (from 1) and `page_size` in, `{list, total, page, page_size}` out. */
import { z } from 'zod'

export const PageQuery = z.object({
  page: z.coerce.number({ invalid_type_error: 'page must be a number' }).int().min(1, 'page starts at 1').max(10_000).default(1),
  page_size: z.coerce.number({ invalid_type_error: 'page_size must be a number' }).int().min(1).max(50, 'page_size is at most 50').default(10),
})
export type PageQuery = z.input<typeof PageQuery>

export function pagedOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  })
}

/** The answer of a list endpoint, for the client (type only). */
export interface Paged<T> {
  list: T[]
  total: number
  page: number
  page_size: number
}
