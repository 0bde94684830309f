/**
 * The README is the door (issue 27): at most 200 lines, and every relative link in it and in docs/ opens
 * something in this repository — a file or folder that exists and, for a `#fragment` into a Markdown file, a
 * heading that is there (GitHub's anchors). A link that leaves the repository (`../elsewhere/…`) does not open in
 * a clone, so it fails too: name such paths in code instead. The npm scripts the docs tell a reader to run exist,
 * and the quick start installs the way CI does.
 */
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../..')
const README_MAX_LINES = 200

/** README.md, src/contract/README.md and every Markdown file under docs/. */
function docFiles(): string[] {
  const found: string[] = ['README.md', 'src/contract/README.md']
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) walk(rel)
      else if (entry.name.endsWith('.md')) found.push(rel)
    }
  }
  walk('docs')
  return found.filter((f) => fs.existsSync(path.join(ROOT, f)))
}

const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8')

/** The text outside fenced code blocks and inline code spans (a link there is an example, not a link). */
const prose = (md: string) =>
  md
    .replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?\n {0,3}\2[^\n]*$/gm, '')
    .replace(/(`+)[^`\n]*?\1/g, '')

/** Inline links and images `[text](target "title")` and reference definitions `[id]: target`. */
function linksIn(md: string): string[] {
  const text = prose(md)
  const inline = [...text.matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1])
  const defined = [...text.matchAll(/^ {0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1])
  return [...inline, ...defined]
}

/** GitHub's heading anchors (github-slugger): lower case, punctuation dropped, spaces to '-', repeats numbered. */
function anchorsOf(md: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  const withoutFences = md.replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?\n {0,3}\2[^\n]*$/gm, '')
  for (const m of withoutFences.matchAll(/^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const text = m[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '')
    const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i

/** What is wrong with one link of a file, or null when it opens. */
function brokenLink(fromFile: string, target: string, readFile: (rel: string) => string = read): string | null {
  if (EXTERNAL.test(target)) return null
  const [rawPath, fragment] = target.split('#', 2) as [string, string | undefined]
  const filePath = decodeURIComponent(rawPath)
  const rel = filePath === '' ? fromFile : path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), filePath))
  if (rel === '..' || rel.startsWith('../') || path.posix.isAbsolute(rel)) return `${target}: leaves the repository (write such a path as code, not as a link)`
  const abs = path.join(ROOT, rel)
  if (!fs.existsSync(abs)) return `${target}: no such file (${rel})`
  if (fragment && rel.endsWith('.md') && !anchorsOf(readFile(rel)).has(decodeURIComponent(fragment))) {
    return `${target}: no heading with the anchor #${fragment} in ${rel}`
  }
  return null
}

describe('README and docs: a door a newcomer finishes, with links that open', () => {
  it(`README.md has at most ${README_MAX_LINES} lines (the rest belongs in docs/)`, () => {
    const lines = read('README.md').replace(/\n$/, '').split('\n').length
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES)
  })

  it('every relative link in README.md and docs/ resolves to a file in the repository', () => {
    const files = docFiles()
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/api.md']))
    const broken = files.flatMap((file) =>
      linksIn(read(file))
        .map((target) => brokenLink(file, target))
        .filter((problem): problem is string => problem !== null)
        .map((problem) => `${file}: ${problem}`),
    )
    expect(broken).toEqual([])
  })

  it('every npm script the README and docs tell a reader to run is in package.json', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts)
    const named = docFiles().flatMap((file) =>
      [...read(file).matchAll(/\bnpm (?:run ([a-z][\w:-]*)|(start|test)\b)/g)].map((m) => ({ file, name: m[1] ?? m[2] })),
    )
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter(({ name }) => !scripts.includes(name)).map(({ file, name }) => `${file}: npm run ${name}`)).toEqual([])
  })

  it("the quick start installs as CI does (.ci/run's npm ci / npm install)", () => {
    const ci = /^\s*(npm (?:ci|install))\b/m.exec(read('.ci/run'))
    expect(ci).not.toBeNull()
    const quickStart = /## Quick start[\s\S]*?```[a-z]*\n([\s\S]*?)```/.exec(read('README.md'))
    expect(quickStart?.[1]).toMatch(new RegExp(`^${ci?.[1]}( |$)`, 'm'))
  })
})

describe('the link check itself', () => {
  it('finds inline links, images and reference definitions, not links inside code', () => {
    const md = 'See [a](a.md), ![pic](img/x.png "t") and [b][1].\n\n[1]: docs/b.md\n\n`[not](c.md)`\n\n```\n[nor](d.md)\n```\n'
    expect(linksIn(md)).toEqual(['a.md', 'img/x.png', 'docs/b.md'])
  })

  it("names GitHub's anchors for headings with code, punctuation and repeats", () => {
    const anchors = anchorsOf('# The store\'s side (`hui_shanghu.store*`, staff only)\n## Notes\n## Notes\n')
    expect([...anchors]).toEqual(['the-stores-side-hui_shanghustore-staff-only', 'notes', 'notes-1'])
  })

  it('refuses a missing file, a missing anchor and a path out of the repository; passes external URLs', () => {
    expect(brokenLink('README.md', 'docs/nothing-here.md')).toMatch(/no such file/)
    expect(brokenLink('README.md', 'docs/api.md#no-such-heading')).toMatch(/no heading/)
    expect(brokenLink('README.md', '../elsewhere/notes.md')).toMatch(/leaves the repository/)
    expect(brokenLink('README.md', 'https://example.com/x')).toBeNull()
    expect(brokenLink('README.md', 'docs/api.md#refusals-by-reason')).toBeNull()
  })
})
