/** The server's answer to POST /api/sandbox/clock (docs/api.md, "Sandbox"). */
export interface ServerClock {
  now: string
  now_ms: number
  moved: boolean
}
export type ClockCall = (body: Record<string, unknown>) => Promise<ServerClock>
export const FLASH_HOUR: number
export function liveFlashProduct(hour?: number): number
export function flashMoment(serverNow: string): string
export function holdFlashSession(clock: ClockCall): Promise<ServerClock>
export function releaseServerClock(clock: ClockCall): Promise<unknown>
