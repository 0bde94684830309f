// The clock offsets a PostgreSQL process holds (server/storage/repo/settings.ts holdClockOffsets): a refresh of the
// timer that read the old offsets before this process moved a clock, and came back after, held the old clock again —
// a parcel read as not yet moved, a clock move that did not take (issue 38: seen in the PostgreSQL tier under load).
import type { Q } from '../../server/storage/query'
import { CARRIER_OFFSET_KEY, holdClockOffsets, readClockOffsets, reloadClockOffsets, setOffset } from '../../server/storage/repo/settings'

/** A database of one settings table whose reads the test can hold back: each read answers what was there when it began. */
function settingsDatabase() {
  const rows = new Map<string, string>()
  let holdNext = false
  const held: Array<() => void> = []
  const q = {
    engine: 'postgres',
    inTransaction: false,
    get root() {
      return q as unknown as Q
    },
    async all<T>(_text: string, ...keys: unknown[]): Promise<T[]> {
      const answer = keys.filter((k) => rows.has(String(k))).map((k) => ({ key: String(k), value: rows.get(String(k)) }))
      if (holdNext) {
        holdNext = false
        await new Promise<void>((resolve) => held.push(resolve))
      }
      return answer as T[]
    },
    async run(text: string, ...params: unknown[]) {
      if (text.startsWith('DELETE')) rows.delete(String(params[0]))
      else rows.set(String(params[0]), String(params[1]))
      return { changes: 1 }
    },
  }
  return {
    q: q as unknown as Q,
    /** The next read waits until `release`, answering what the table held when it began. */
    holdNextRead: () => (holdNext = true),
    readsHeld: () => held.length,
    release: () => held.splice(0).forEach((go) => go()),
  }
}

it("a move this process makes is what it holds, even when the timer's refresh read the old offsets before it", async () => {
  const d = settingsDatabase()
  const errors: unknown[] = []
  // The timer's refresh every 5 ms; the first one to start after this is held back while it reads.
  const holding = await holdClockOffsets(d.q, 5, (error) => errors.push(error))
  try {
    expect(holding.read().carrier).toBe(0)
    d.holdNextRead()
    for (let looks = 0; d.readsHeld() === 0; looks++) {
      if (looks > 1000) throw new Error('the timer never refreshed')
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    // The refresh read 0; now this process moves the carrier's clock 60 s (as the sandbox's route does), then the
    // refresh comes back.
    await setOffset(d.q, CARRIER_OFFSET_KEY, 60_000)
    await reloadClockOffsets(d.q)
    expect(holding.read().carrier).toBe(60_000)
    d.release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(holding.read().carrier).toBe(60_000)
    // Refreshes after the move hold what is stored.
    expect((await readClockOffsets(d.q)).carrier).toBe(60_000)
    expect(errors).toEqual([])
  } finally {
    holding.stop()
  }
})
