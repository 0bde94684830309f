// The String.prototype.replaceAll polyfill in src/app.tsx (H5 on Chrome 70–84 / iOS 12–13.3): it must agree
// with the native method on the calls query-string makes and on the edge cases of the spec.
type ReplaceAll = (this: string, search: string | RegExp, replacement: string | ((s: string, ...rest: unknown[]) => string)) => string

describe('replaceAll polyfill (src/app.tsx)', () => {
  const proto = String.prototype as unknown as { replaceAll?: ReplaceAll }
  const native = proto.replaceAll as ReplaceAll
  let polyfill: ReplaceAll
  let descriptor: PropertyDescriptor | undefined

  beforeAll(async () => {
    delete proto.replaceAll
    try {
      await jest.isolateModulesAsync(async () => {
        await import('@/app')
      })
      descriptor = Object.getOwnPropertyDescriptor(String.prototype, 'replaceAll')
      polyfill = descriptor?.value as ReplaceAll
    } finally {
      Object.defineProperty(String.prototype, 'replaceAll', { value: native, configurable: true, writable: true })
    }
  })

  it('is installed when the browser lacks replaceAll, and not enumerable', () => {
    expect(typeof polyfill).toBe('function')
    expect(polyfill).not.toBe(native)
    expect(descriptor).toMatchObject({ enumerable: false, writable: true, configurable: true })
  })

  const cases: Array<[string, string | RegExp, string | ((s: string) => string)]> = [
    ['a+b+c', '+', ' '], // query-string: decode '+' as space
    ["it's (ok)!*", /[!'()*]/g, (x: string) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`], // strictUriEncode
    ['a.b.c', '.', '-'],
    ['aaa', 'a', '$&$&'],
    ['x$y', '$', '$$'],
    ['abc', '', '-'],
    ['abc', 'z', '-'],
    ['[x](y)\\z', '\\', '/'],
  ]
  it.each(cases)('%j.replaceAll(%p, …) agrees with the native method', (input, search, replacement) => {
    expect(polyfill.call(input, search, replacement)).toBe(native.call(input, search, replacement))
  })

  it('refuses a non-global RegExp, as the native method does', () => {
    expect(() => polyfill.call('aa', /a/, 'b')).toThrow(TypeError)
    expect(() => native.call('aa', /a/, 'b')).toThrow(TypeError)
  })
})
