import { request } from '@/core/request'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'

/** My addresses, default first (Addresses). */
export function useAddresses(options: SignedInOptions = {}) {
  return useSignedInQuery(() => request('personal.address/index', {}), [], options)
}

/** Add or edit an address: the region tree (province → city → district) and, when editing (`id` > 0), the address as saved. */
export function useAddressDraft(id: number, options: SignedInOptions = {}) {
  return useSignedInQuery(
    async () => {
      const [regions, list] = await Promise.all([request('website.hui_china_city/regionTree', {}), id ? request('personal.address/index', {}) : Promise.resolve({ list: [] })])
      return { regions: regions.list, initial: list.list.find((a) => a.id === id) ?? null }
    },
    [id],
    options,
  )
}
