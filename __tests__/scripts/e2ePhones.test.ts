import fs from 'node:fs'
import path from 'node:path'

/**
 * The browser tier's files share a server per shard (e2e/globalSetup.js), and which files share one changes with the
 * split (e2e/sequencer.cjs). A phone logs in through Authorization (`logIn`: a new SMS code, one a minute per phone)
 * in one file only: a second file logging the same phone in within the minute was refused a code and typed the first
 * file's used one (cart and refresh, 2026-11-26). Other files reach a phone's session with `sessionOf`, which reuses it.
 */
const E2E = path.resolve(__dirname, '..', '..', 'e2e')

function phonesUsed(): Array<{ file: string; phone: string; how: 'logIn' | 'sessionOf' }> {
  const out: Array<{ file: string; phone: string; how: 'logIn' | 'sessionOf' }> = []
  for (const file of fs.readdirSync(E2E).filter((f) => f.endsWith('.e2e.ts'))) {
    const text = fs.readFileSync(path.join(E2E, file), 'utf8')
    const constants = new Map([...text.matchAll(/const (\w+) = '(1\d{10})'/g)].map((m) => [m[1], [m[2]]]))
    // A phone in a table of cases: a property (`takeoutShopper: '1…'`, read as `words.takeoutShopper`) or a row's element
    // (`['zh', '1…', …]`, read as the row's name) — pickup.e2e's shopper logged in through both and shared a phone with
    // regions.e2e, which this scan did not see (two fresh-clone runs failed on it, issue 38).
    const properties = new Map<string, string[]>()
    for (const m of text.matchAll(/\b(\w+): '(1\d{10})'/g)) properties.set(m[1], [...(properties.get(m[1]) ?? []), m[2]])
    const rowPhones = [...text.matchAll(/\[\s*'[\w-]+', '(1\d{10})'/g)].map((m) => m[1])
    // A phone built from a ten-digit prefix in a table of cases and a digit (`${phones}1`): each prefix with each such
    // digit of the file. paySteps.e2e logged 13800002471 in so (`['zh', '1380000247']`, `${phones}1`), as cart.e2e did
    // by its literal, and this scan saw only cart's (a login refused "wrong code" in a one-worker run, 2026-12-07).
    const prefixes = [...text.matchAll(/'(1\d{9})'/g)].map((m) => m[1])
    const digits = [...new Set([...text.matchAll(/\$\{\w+\}(\d)`/g)].map((m) => m[1]))]
    const built = prefixes.flatMap((prefix) => digits.map((d) => `${prefix}${d}`))
    for (const m of text.matchAll(/\b(logIn|sessionOf)\((?:[\w.]+, )?(?:'(1\d{10})'|([\w.]+))/g)) {
      const name = m[3] ?? ''
      const phones = m[2] ? [m[2]] : (constants.get(name) ?? (name.includes('.') ? properties.get(name.split('.').pop() ?? '') : /^[a-z]/.test(name) ? [...rowPhones, ...built] : undefined) ?? [])
      for (const phone of phones) out.push({ file, phone, how: m[1] as 'logIn' | 'sessionOf' })
    }
  }
  return out
}

describe('e2e logins', () => {
  it('finds the phones the files log in (the scan reads them)', () => {
    const used = phonesUsed()
    expect(used.filter((u) => u.how === 'logIn').length).toBeGreaterThan(10)
    expect(used.filter((u) => u.how === 'sessionOf').length).toBeGreaterThan(3)
  })

  it('a phone logged in through Authorization is used by no other file', () => {
    const used = phonesUsed()
    const shared = used
      .filter((u) => u.how === 'logIn')
      .flatMap((u) => used.filter((o) => o.phone === u.phone && o.file !== u.file).map((o) => `${u.phone}: logIn in ${u.file}, ${o.how} in ${o.file}`))
    expect([...new Set(shared)]).toEqual([])
  })
})
