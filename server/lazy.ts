import { createRequire } from 'node:module'

/**
 * A package loaded on its first use, not when the server's modules load: a process that never uses it — the sandbox, a
 * test server, a deployment without that provider — never pays for loading it (alipay-sdk took ~100 ms of a start's
 * CPU, sanitize-html ~25 ms: docs/performance.md). Import its types with `import type`. Not for a native module (sharp):
 * a deployment whose binary does not load should stop at its start, not fail at the first upload.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined
  return () => (loaded ??= createRequire(__filename)(name) as T)
}
