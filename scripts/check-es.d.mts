// Types of scripts/check-es.mjs for its jest test (__tests__/scripts/checkEs.test.ts).
export declare const ECMA_VERSION: number
export declare const NEWER_GLOBALS: Record<string, string>
export declare const NEWER_MEMBERS: Record<string, { since: string; on?: string; call?: number }>

export interface AllowEntry {
  build?: string
  file?: RegExp
  name: string
  near?: RegExp
  reason: string
  knownGap?: boolean
}
export declare const ALLOW: AllowEntry[]

export interface SyntaxProblem {
  line: number
  column: number
  what: string
  snippet: string
}
export interface BuiltinUse {
  name: string
  since: string
  line: number
  column: number
  start: number
  end: number
  guarded: boolean
  snippet: string
}
export interface ProcessUse {
  line: number
  column: number
  start: number
  end: number
  snippet: string
}
export declare function checkSyntax(code: string): SyntaxProblem[]
export declare function findBareProcess(code: string): ProcessUse[]
export declare function findNewerBuiltins(code: string): BuiltinUse[]
export declare function checkSource(
  code: string,
  options?: { build?: string; file?: string; allow?: AllowEntry[] },
): { syntax: SyntaxProblem[]; unlisted: BuiltinUse[]; guarded: BuiltinUse[]; allowed: Array<BuiltinUse & { entry: AllowEntry }>; bareProcess: ProcessUse[] }
