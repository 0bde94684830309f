// scripts/check-es.mjs: what `npm run check:es` accepts and refuses in a shipped script.
import { checkSource, checkSyntax, findBareProcess } from '../../scripts/check-es.mjs'

const whats = (code: string) => checkSyntax(code).map((p) => p.what)

describe('check-es: syntax newer than ES2019 fails', () => {
  it.each([
    ['a BigInt literal', 'var a = 1n;', /BigInt literal/],
    ['optional chaining', 'var b = a?.b;', /optional chaining/],
    ['nullish coalescing', 'var b = a ?? 1;', /nullish coalescing/],
    ['a private class field', 'class A { #x = 1; get() { return this.#x } }', /class field \(private #\)/],
    ['a private member access', 'class A { #x = 1; get() { return this.#x } }', /private member access/],
    ['a public class field', 'class A { x = 1 }', /class field/],
    ['logical assignment', 'a ||= 1;', /logical assignment/],
    ['regex lookbehind (iOS < 16.4 rejects the file)', 'var r = /(?<=\\$)\\d+/;', /lookbehind/],
  ])('%s', (_name, code, what) => {
    expect(whats(code)).toEqual(expect.arrayContaining([expect.stringMatching(what)]))
  })

  it('gives line, column and a snippet', () => {
    const [p] = checkSyntax('var ok = 1;\nvar x = {a: 1};\nvar y = x?.a;')
    expect(p).toMatchObject({ line: 3, column: 8, what: expect.stringMatching(/optional chaining/) })
    expect(p.snippet).toContain('x?.a')
  })

  it('reports a file that parses at no version', () => {
    expect(whats('var = ;')).toEqual([expect.stringMatching(/^does not parse/)])
  })
})

describe('check-es: ES2019 passes', () => {
  it('spread, async/await, generators, optional catch binding, named groups, flat', () => {
    const code = `
      const o = { ...a, b: [...c] };
      async function f() { for await (const x of g()) { await x } }
      function* g() { yield 1 }
      try { f() } catch { /* ES2019 */ }
      const m = /(?<year>\\d{4})/u.exec('2024');
      const s = 'a?.b ?? 1n';
      [[1], [2]].flat().flatMap((x) => [x]);
      class K { static m() { return 1 } }
    `
    expect(checkSource(code)).toEqual({ syntax: [], unlisted: [], guarded: [], allowed: [], bareProcess: [] })
  })
})

describe('check-es: built-ins newer than the targets', () => {
  it('reports an unguarded x.replaceAll(', () => {
    const { unlisted } = checkSource('function f(x) { return x.replaceAll("+", " ") }')
    expect(unlisted).toEqual([expect.objectContaining({ name: 'replaceAll', line: 1, guarded: false })])
  })

  it('reports globals and statics: structuredClone, Promise.allSettled, Object.hasOwn, window.AbortController', () => {
    const code = 'structuredClone(a); Promise.allSettled([]); Object.hasOwn(a, "b"); new window.AbortController(); [1].at(-1)'
    expect(checkSource(code).unlisted.map((u) => u.name)).toEqual(['structuredClone', 'allSettled', 'hasOwn', 'AbortController', 'at'])
  })

  it('does not count strings, property keys, other objects or declarations', () => {
    const code = 'var s = "x.replaceAll(y)"; var o = { replaceAll: 1, globalThis: 2 }; x.any(1); Foo.hasOwn(a); o.at; function f(WeakRef) {}'
    expect(checkSource(code).unlisted).toEqual([])
  })

  it('accepts a use feature-detected by typeof or in', () => {
    const code = `
      var g = "object" == typeof globalThis ? globalThis : window;
      if (typeof AbortController === "function") { new AbortController() }
      var q = "function" == typeof queueMicrotask && queueMicrotask;
      if ("replaceAll" in String.prototype) s.replaceAll("a", "b");
    `
    const { unlisted, guarded } = checkSource(code)
    expect(unlisted).toEqual([])
    expect(guarded.map((u) => u.name)).toEqual(['globalThis', 'AbortController', 'queueMicrotask', 'replaceAll'])
  })

  it('a guard for one name does not cover another', () => {
    expect(checkSource('if (typeof WeakRef !== "undefined") { new FinalizationRegistry(f) }').unlisted.map((u) => u.name)).toEqual(['FinalizationRegistry'])
  })

  it('an allow-list entry accepts only the occurrence it names', () => {
    const allow = [{ build: 'h5', file: /^js\/app\.\w+\.js$/, name: 'replaceAll', near: /decode\?\w+\.replaceAll/, reason: 'polyfilled' }]
    const code = 'var a = o.decode?C.replaceAll("+"," "):C; var b = d.replaceAll("x", "y")'
    const r = checkSource(code, { build: 'h5', file: 'js/app.1234abcd.js', allow })
    expect(r.allowed).toHaveLength(1)
    expect(r.unlisted).toHaveLength(1)
    expect(checkSource(code, { build: 'weapp', file: 'js/app.1234abcd.js', allow }).unlisted).toHaveLength(2)
  })
})

describe('check-es: a bare process.… (not defined in a page or a mini-program)', () => {
  it('reports the map key the build left as written (issue 24: tapping an address did nothing)', () => {
    // The locate chunk as built without TARO_APP_MAP_KEY in any .env file.
    const code = 'function u(e){var n;let t=arguments.length>1&&void 0!==arguments[1]?arguments[1]:null!==(n=process.env.TARO_APP_MAP_KEY)&&void 0!==n?n:"";return t}'
    const [use] = findBareProcess(code)
    expect(use).toMatchObject({ line: 1, snippet: expect.stringContaining('process.env.TARO_APP_MAP_KEY') })
    expect(checkSource(code).bareProcess).toHaveLength(1)
  })

  it('reports process.nextTick and process.env at any depth', () => {
    expect(findBareProcess('a(); function f() { return () => process.nextTick(g) } var x = { y: process.env.NODE_ENV }')).toHaveLength(2)
  })

  it('accepts a use feature-detected by typeof, a local variable or parameter named process, and strings or keys', () => {
    const code = `
      var a = "undefined" != typeof process && process.env.X;
      if (typeof process === "object") { process.emit("x") }
      function f(process) { return process.env }
      function g() { var process = { env: {} }; return () => process.env.Y }
      try { h() } catch (process) { process.message }
      var s = "process.env.Z"; var o = { process: 1 }; o.process.env;
    `
    expect(findBareProcess(code)).toEqual([])
  })
})
