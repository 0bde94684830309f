/**
 * An endpoint is defined once (src/contract/api/, issue 41) and what is written from the definitions — the client's
 * path → method tables (src/contract/generated/) and docs/api.md's endpoint index and refusal table — must be what
 * `npm run gen:api` writes now: a definition (or a reason) changed without running it fails here, so the app never
 * calls a path with the wrong method and the docs never describe an endpoint as it was.
 */
import fs from 'node:fs'
import path from 'node:path'
import { API, API_AREAS } from '../../src/contract/api'
import { generatedFiles, staleFiles } from '../../scripts/gen-api'

const ROOT = path.join(__dirname, '..', '..')

describe('what is generated from the endpoint definitions', () => {
  it('every generated file and section of docs/api.md is what `npm run gen:api` writes now', () => {
    expect(Object.keys(generatedFiles())).toContain('docs/api.md')
    expect(staleFiles()).toEqual([])
  })

  it('each path is defined in one area only, with a one-paragraph doc', () => {
    const perArea = API_AREAS.reduce((n, a) => n + Object.keys(a.endpoints).length, 0)
    expect(perArea).toBe(Object.keys(API).length)
    const undocumented = Object.entries(API).filter(([, e]) => e.doc.trim().length < 10 || /\n/.test(e.doc)).map(([p]) => p)
    expect(undocumented).toEqual([])
  })

  it('the server registers a route for every definition, once, and no route outside them', () => {
    const dir = path.join(ROOT, 'server/http/routes')
    const registered = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/defineRoute\(\s*app,\s*db,\s*'([^']+)'/g)].map((m) => m[1]))
    const defined = Object.keys(API)
    expect(registered.filter((p, i) => registered.indexOf(p) !== i)).toEqual([])
    expect(defined.filter((p) => !registered.includes(p))).toEqual([])
    expect(registered.filter((p) => !defined.includes(p))).toEqual([])
  })
})
