/**
 * The repository stands alone (issue 41): someone who clones it has nothing beside it, so no tracked text file — code,
 * comments, tests, docs, configuration — cites a document the repository does not hold or points outside its tree by
 * a relative path. What the product is and does lives in docs/product.md; a rule is stated where it is used, or
 * points there.
 *
 * Two checks over `git ls-files` (binary files skipped):
 * - citations of the outside documents the project was first written against: the original specification by section
 *   (by its section sign) or by name, the product design, the Taro notes and the style notes, and the folder beside the
 *   repository they lived in;
 * - relative paths (`../…`) that climb out of the repository from the file that names them, to something the
 *   repository does not hold at its top (a path such as `../../../src/x` written for a sample at another place in the
 *   tree names the repository's own `src/` and passes).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../..')

// Written in pieces, so that this file does not cite what it looks for.
const md = (name: string) => new RegExp(`\\b${name}\\.md\\b`)
const OUTSIDE_DOCUMENTS: Array<[what: string, pattern: RegExp]> = [
  ['a section of the original specification', new RegExp('seed ' + '§')],
  ['the original specification', md('SP' + 'EC')],
  ['the product design', md('PROD' + 'UCT')],
  ['the Taro notes', new RegExp('TARO' + '-NOTES')],
  ['the style notes', md('STY' + 'LE')],
  ['the folder beside the repository', new RegExp('\\.\\./' + 'shared\\b')],
]

/** Tracked files with text in them (a NUL byte in the first 8 KB marks a binary one). */
function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((f) => f !== '')
    .filter((f) => {
      const abs = path.join(ROOT, f)
      if (!fs.existsSync(abs) || !fs.statSync(abs).isFile()) return false
      const fd = fs.openSync(abs, 'r')
      const head = Buffer.alloc(8192)
      const n = fs.readSync(fd, head, 0, head.length, 0)
      fs.closeSync(fd)
      return !head.subarray(0, n).includes(0)
    })
}

/** Each line of `text` citing an outside document: "line: what (the words)". */
function citationsIn(text: string): string[] {
  return text.split('\n').flatMap((line, i) =>
    OUTSIDE_DOCUMENTS.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${i + 1}: ${what} (${line.trim().slice(0, 120)})`),
  )
}

/** Relative paths in `text` that leave the repository from `file` for something it does not hold: "line: path". */
function pathsOutOfTree(file: string, text: string, topLevel: ReadonlySet<string>): string[] {
  return text.split('\n').flatMap((line, i) =>
    [...line.matchAll(/(?<![\w./-])((?:\.\.\/)+)([\w@.-][\w@./-]*)/g)]
      .map((m) => ({ written: m[0], rel: path.posix.normalize(path.posix.join(path.posix.dirname(file), m[0])) }))
      .filter(({ rel }) => rel === '..' || rel.startsWith('../'))
      .filter(({ rel }) => !topLevel.has(rel.replace(/^(?:\.\.\/)+/, '').split('/')[0]))
      .map(({ written }) => `${i + 1}: ${written}`),
  )
}

describe('the repository stands alone', () => {
  const files = trackedTextFiles()
  const topLevel = new Set(files.map((f) => f.split('/')[0]))

  it('reads the tracked text files', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/product.md', 'package.json', 'src/routes.ts']))
  })

  it('no tracked file cites a document the repository does not hold (docs/product.md says what the product is)', () => {
    const found = files.flatMap((f) => citationsIn(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((c) => `${f}:${c}`))
    expect(found).toEqual([])
  })

  it('no tracked file points outside the repository by a relative path', () => {
    const found = files.flatMap((f) => pathsOutOfTree(f, fs.readFileSync(path.join(ROOT, f), 'utf8'), topLevel).map((p) => `${f}:${p}`))
    expect(found).toEqual([])
  })
})

describe('the stand-alone checks themselves', () => {
  const top = new Set(['src', 'server', 'docs', 'README.md'])

  it('find each outside document, however it is cited', () => {
    const cited = ['(seed ' + '§4)', 'PROD' + 'UCT.md §3', 'seed/SP' + 'EC.md', 'TARO' + '-NOTES: nothing renders', 'STY' + 'LE.md', '`../' + 'shared/`']
    expect(cited.map((c) => citationsIn(`x\n${c}\n`))).toEqual(cited.map(() => [expect.stringMatching(/^2: /)]))
    expect(citationsIn('the demo seed writes §-free rows; docs/product.md#payment')).toEqual([])
  })

  it('find a relative path out of the tree, and pass one inside it or to a top-level folder the repository holds', () => {
    expect(pathsOutOfTree('README.md', 'see ../' + 'shared/notes.md', top)).toEqual(['1: ../' + 'shared/notes.md'])
    expect(pathsOutOfTree('docs/a.md', 'x\n[b](../../elsewhere/b.md)', top)).toEqual(['2: ../../elsewhere/b.md'])
    expect(pathsOutOfTree('docs/a.md', '[b](../src/routes.ts) [c](../README.md)', top)).toEqual([])
    expect(pathsOutOfTree('__tests__/lint/a.ts', "'../../../src/contract/order'", top)).toEqual([])
  })
})
