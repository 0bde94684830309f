/**
 * An endpoint is defined once (src/contract/api/, the console's in src/contract/console.ts CONSOLE_API; issue 41) and
 * what is written from the definitions — the client's and the console's path → method tables (src/contract/generated/)
 * and docs/api.md's endpoint indexes and refusal table — must be what `npm run gen:api` writes now: a definition (or a
 * reason) changed without running it fails here, so neither the app nor the console calls a path with the wrong method
 * and the docs never describe an endpoint as it was.
 */
import fs from 'node:fs'
import path from 'node:path'
import { API, API_AREAS } from '../../src/contract/api'
import { CONSOLE_API } from '../../src/contract/console'
import { generatedFiles, staleFiles } from '../../scripts/gen-api'

const ROOT = path.join(__dirname, '..', '..')

describe('what is generated from the endpoint definitions', () => {
  it('every generated file and section of docs/api.md is what `npm run gen:api` writes now', () => {
    expect(Object.keys(generatedFiles())).toEqual(expect.arrayContaining(['docs/api.md', 'src/contract/generated/consoleEndpoints.ts']))
    expect(staleFiles()).toEqual([])
  })

  it('each path is defined in one area only, with a one-paragraph doc', () => {
    const perArea = API_AREAS.reduce((n, a) => n + Object.keys(a.endpoints).length, 0)
    expect(perArea).toBe(Object.keys(API).length)
    const undocumented = [...Object.entries(API), ...Object.entries(CONSOLE_API)].filter(([, e]) => e.doc.trim().length < 10 || /\n/.test(e.doc)).map(([p]) => p)
    expect(undocumented).toEqual([])
  })

  const routesDefinedBy = (define: string) => {
    const dir = path.join(ROOT, 'server/http/routes')
    const call = new RegExp(`\\b${define}\\(\\s*app,\\s*db,\\s*'([^']+)'`, 'g')
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(call)].map((m) => m[1]))
  }

  it.each([
    ['defineRoute', Object.keys(API)],
    ['defineConsoleRoute', Object.keys(CONSOLE_API)],
  ])('the server registers a route for every definition, once, and no route outside them (%s)', (define, defined) => {
    const registered = routesDefinedBy(define)
    expect(registered.filter((p, i) => registered.indexOf(p) !== i)).toEqual([])
    expect(defined.filter((p) => !registered.includes(p))).toEqual([])
    expect(registered.filter((p) => !defined.includes(p))).toEqual([])
  })
})
