export function flashSessionLeftMs(now?: number): number
export function clearOfFlashBoundary(margin?: number): Promise<void>
