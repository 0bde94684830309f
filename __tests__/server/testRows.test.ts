import { startServer, type TestServer } from './helpers'

let s: TestServer
beforeAll(async () => {
  s = await startServer()
})
afterAll(() => s.close())

// The address book is on the storage seam on both engines (server/storage/repo/addresses.ts): its rows are where the helpers look.
const insert = (name: string) =>
  s.row<{ id: number }>(
    "INSERT INTO addresses (user_id, name, mobile, province, city, district, detail, created_at) VALUES (1, ?, '13800138000', '广东省', '深圳市', '南山区', ?, '2026-01-01 00:00:00') RETURNING id",
    name,
    'Is it here?',
  )

describe('rows, row and run', () => {
  it('binds ? in order, leaves a ? inside quotes alone, and gives a new row its id', async () => {
    const a = await insert('甲')
    const b = await insert('乙')
    expect(b.id).toBeGreaterThan(a.id)
    expect(await s.rows("SELECT name, detail FROM addresses WHERE id IN (?, ?) AND detail = 'Is it here?' ORDER BY id", a.id, b.id)).toEqual([
      { name: '甲', detail: 'Is it here?' },
      { name: '乙', detail: 'Is it here?' },
    ])
    expect(await s.row<{ n: number }>('SELECT COUNT(*) AS n FROM addresses WHERE id >= ?', a.id)).toEqual({ n: 2 })
  })

  it('run counts the rows it changed; row refuses when there is none, rows answers []', async () => {
    const { id } = await insert('丙')
    expect(await s.run('UPDATE addresses SET name = ? WHERE id = ?', '丁', id)).toEqual({ changes: 1 })
    expect(await s.run('DELETE FROM addresses WHERE id = ?', id)).toEqual({ changes: 1 })
    expect(await s.run('DELETE FROM addresses WHERE id = ?', id)).toEqual({ changes: 0 })
    await expect(s.row('SELECT id FROM addresses WHERE id = ?', id)).rejects.toThrow(/no row/)
    expect(await s.rows('SELECT id FROM addresses WHERE id = ?', id)).toEqual([])
  })
})
