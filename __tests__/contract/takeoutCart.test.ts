/**
 * How much one takeout order holds (issue 43): one rule for the app's cart and the server's price. Lines of the same
 * dish and options are one; a dish at most TAKEOUT_CAPS.perDish whatever its options, the order TAKEOUT_CAPS.items
 * pieces and TAKEOUT_CAPS.lines lines.
 */
import { mergeTakeoutLines, TAKEOUT_CAPS, takeoutOverCap, takeoutRoom, type TakeoutLine } from '@/contract/takeoutCart'

const line = (dish_id: number, quantity: number, option_ids: number[] = []): TakeoutLine => ({ dish_id, option_ids, quantity })

describe('takeout caps', () => {
  it('merges the same dish and options in any order, keeping the first line’s place', () => {
    expect(mergeTakeoutLines([line(1, 2, [3, 4]), line(2, 1), line(1, 3, [4, 3]), line(1, 1, [3])])).toEqual([line(1, 5, [3, 4]), line(2, 1), line(1, 1, [3])])
  })

  it("the issue's 50 lines of one dish × 99 break the dish's cap; 99 of it in two options too", () => {
    expect(takeoutOverCap(Array.from({ length: 50 }, () => line(32, 99)))).toEqual({ cap: 'dish', dish_id: 32 })
    expect(takeoutOverCap([line(30, 60, [1]), line(30, 40, [2])])).toEqual({ cap: 'dish', dish_id: 30 })
    expect(takeoutOverCap([line(30, 59, [1]), line(30, 40, [2])])).toBeNull()
    expect(takeoutOverCap([line(1, 99), line(2, 99), line(3, 3)])).toEqual({ cap: 'items' })
    expect(takeoutOverCap(Array.from({ length: TAKEOUT_CAPS.lines + 1 }, (_, i) => line(i + 1, 1)))).toEqual({ cap: 'lines' })
  })

  it('the room left for a dish: its cap, then the order’s pieces, then no new line past the lines’ cap', () => {
    expect(takeoutRoom([], 1, [])).toEqual({ room: TAKEOUT_CAPS.perDish, cap: 'dish' })
    expect(takeoutRoom([line(1, 90, [1]), line(1, 5, [2])], 1, [3])).toEqual({ room: 4, cap: 'dish' })
    expect(takeoutRoom([line(1, 99), line(2, 99)], 3, [])).toEqual({ room: 2, cap: 'items' })
    const full = Array.from({ length: TAKEOUT_CAPS.lines }, (_, i) => line(i + 1, 1))
    expect(takeoutRoom(full, 99, [])).toEqual({ room: 0, cap: 'lines' })
    expect(takeoutRoom(full, 1, []).room).toBe(TAKEOUT_CAPS.perDish - 1)
  })
})
