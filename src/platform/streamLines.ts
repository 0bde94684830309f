/**
 * NDJSON as it arrives (src/platform/stream.*): text pieces in, one parsed value per complete line out. A line that
 * is not JSON comes out as undefined (the reader treats it as a broken stream). flush() ends the last line when the
 * body ended without a newline (a refusal is one envelope, not a stream).
 */
export interface LineReader {
  push(text: string): void
  flush(): void
}

export function lineReader(onLine: (value: unknown) => void): LineReader {
  let buffer = ''
  const emit = (line: string) => {
    if (!line.trim()) return
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      value = undefined
    }
    onLine(value)
  }
  return {
    push(text) {
      buffer += text
      let nl = buffer.indexOf('\n')
      while (nl >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        emit(line)
        nl = buffer.indexOf('\n')
      }
    },
    flush() {
      const rest = buffer
      buffer = ''
      emit(rest)
    },
  }
}

/**
 * UTF-8 bytes to text across chunk boundaries (a character split between two chunks waits for the rest), for the
 * mini-program, which has no TextDecoder on every base library.
 */
export function utf8Decoder(): (bytes: ArrayBuffer | Uint8Array) => string {
  let pending: number[] = []
  return (input) => {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input)
    const all = pending.length ? pending.concat(Array.from(bytes)) : Array.from(bytes)
    let out = ''
    let i = 0
    while (i < all.length) {
      const b = all[i]
      const size = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1
      if (i + size > all.length) break
      let code = size === 1 ? b : b & (0xff >> (size + 1))
      for (let k = 1; k < size; k++) code = (code << 6) | (all[i + k] & 0x3f)
      out += String.fromCodePoint(b >= 0x80 && b < 0xc0 ? 0xfffd : code)
      i += size
    }
    pending = all.slice(i)
    return out
  }
}
