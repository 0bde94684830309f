/**
 * What `npm run admin` writes to the operator's terminal (issue 43): text from the database — shop names, addresses,
 * reasons, job postings, whatever a person once typed — is shown, never obeyed. Every character a terminal would act on
 * or that shows nothing (the controls: C0, DEL, C1; the format characters: bidi overrides and isolates, zero-width ones;
 * the line and paragraph separators; a lone surrogate) is written as an escape (`\u001b`, `\n`, `\t` …), and a
 * backslash as `\\`, so an escape typed as text cannot pass for one. A row's fields are escaped one by one and joined by
 * real tabs: one row per line, whatever its fields hold. The API refuses such characters in new text (src/contract/common.ts);
 * this is for what is already stored, and for whatever other way text reaches the database.
 */

/** The characters shown escaped (besides the backslash). */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

const hex4 = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`
/** `\uXXXX` per UTF-16 unit (a character beyond the BMP as its surrogate pair): valid in JSON as in a shell's eyes. */
const escapeOf = (ch: string) => NAMED[ch] ?? Array.from({ length: ch.length }, (_, i) => hex4(ch.charCodeAt(i))).join('')

/** One piece of text as the terminal may show it. */
export const showable = (text: string): string => text.replace(/\\/g, '\\\\').replace(UNPRINTABLE, escapeOf)

/** A row of fields, each escaped, joined by tabs. */
export const row = (...fields: Array<string | number | null>): string => fields.map((f) => showable(f === null ? '-' : String(f))).join('\t')

/**
 * A value as indented JSON, still valid JSON: JSON.stringify escapes the C0 controls, quotes and backslashes itself; what
 * it leaves raw inside strings (DEL, C1, format characters, the separators) is escaped here as `\uXXXX`. The only raw
 * newlines are the indentation's.
 */
export const showableJson = (value: unknown): string =>
  JSON.stringify(value, null, 2).replace(UNPRINTABLE, (ch) => (ch === '\n' ? ch : Array.from({ length: ch.length }, (_, i) => hex4(ch.charCodeAt(i))).join('')))

/** A line of the command's output, written as given: build it with `row`, `showable` or `showableJson`. */
export const print = (line: string): void => {
  process.stdout.write(`${line}\n`)
}
/** A line to stderr, made showable as a whole (a refusal's words may carry a stored name). */
export const printError = (line: string): void => {
  process.stderr.write(`${showable(line)}\n`)
}

/** A usage mistake (exit 2, with the usage). */
export class UsageError extends Error {}
