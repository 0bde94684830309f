import { useState } from 'react'
import type { SeckillSession } from '@/contract/seckill'
import { request } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'
import { useQuery } from '@/hooks/useQuery'

// The flash-sale screens' hooks, apart from flashSales.ts: Home's strip imports that one, and on H5 every export
// of a module on the first load travels with it.

/**
 * One session's flash-sale products, paged, and today's sessions as the latest page told them (Flash sales).
 * With no session named the server picks the one on now (else the next).
 */
export function useFlashSessionPages(sessionId: number | null) {
  const [sessions, setSessions] = useState<SeckillSession[] | null>(null)
  const pages = usePagedList(
    (page, page_size) =>
      request('hui_public.hsh_seckill_prod/index', { page, page_size, ...(sessionId ? { session_id: sessionId } : {}) }).then((answer) => {
        setSessions(answer.sessions)
        return answer
      }),
    [sessionId],
    { keyOf: (p) => p.id },
  )
  return { ...pages, sessions }
}

/** One flash-sale product and how many of it this shopper bought (Flash-sale product). */
export function useFlashProduct(id: number) {
  return useQuery(() => request('hui_public.hsh_seckill_prod/read', { id }), [id], id > 0)
}

/** The latest buyers of a product, names masked by the server (Flash-sale product's ticker). */
export function useFlashBuyers(id: number) {
  return useQuery(() => request('hui_public.hsh_seckill_prod/orderLog', { id }), [id], id > 0)
}
