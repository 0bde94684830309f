import { useEffect } from 'react'
import { network } from '@/platform/network'

/** While `lost` (something was lost to the network), call `retry` each time the device is back online. */
export function useRetryWhenOnline(lost: boolean, retry: () => void): void {
  useEffect(() => (lost ? network.onOnline(retry) : undefined), [lost, retry])
}
