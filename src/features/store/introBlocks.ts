/**
 * The introduction's editor model (issue 44): blocks — a paragraph, a heading, a list, a numbered list (with `**bold**`
 * words, or the whole block bold) and a picture — to the HTML the server's allow-list keeps, and back from the HTML it
 * stored (which is only ever these tags: server/domain/store/introHtml.ts). The server cleans whatever is sent; this is
 * only how the owner writes it.
 */
export type TextKind = 'p' | 'h' | 'ul' | 'ol'
export type IntroBlock = { kind: TextKind; text: string; bold: boolean } | { kind: 'img'; src: string; alt: string }

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&')

/** One line of the owner's words: escaped, `**words**` bold. */
function inline(text: string, bold: boolean): string {
  const html = escape(text.trim()).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
  return bold ? `<strong>${html.replace(/<\/?strong>/g, '')}</strong>` : html
}

export function blocksToHtml(blocks: readonly IntroBlock[]): string {
  return blocks
    .map((b) => {
      if (b.kind === 'img') return b.src ? `<p><img src="${escape(b.src)}" alt="${escape(b.alt.trim())}" /></p>` : ''
      const lines = b.text.split('\n').filter((l) => l.trim() !== '')
      if (lines.length === 0) return ''
      if (b.kind === 'ul' || b.kind === 'ol') return `<${b.kind}>${lines.map((l) => `<li>${inline(l, b.bold)}</li>`).join('')}</${b.kind}>`
      const tag = b.kind === 'h' ? 'h2' : 'p'
      return `<${tag}>${lines.map((l) => inline(l, b.bold)).join('<br />')}</${tag}>`
    })
    .join('')
}

/** Inline HTML back to the owner's words: strong → **, br → a new line, any other tag dropped. */
function words(html: string): { text: string; bold: boolean } {
  const whole = /^<strong>([\s\S]*)<\/strong>$/.exec(html.trim())
  const bold = !!whole && !whole[1].includes('<strong>')
  const inner = bold && whole ? whole[1] : html
  const text = unescape(
    inner
      .replace(/<br\s*\/?>/g, '\n')
      .replace(/<strong>([\s\S]*?)<\/strong>/g, '**$1**')
      .replace(/<[^>]+>/g, ''),
  )
  return { text, bold }
}

/** The stored HTML as blocks (a picture inside a paragraph is its own block; text between pictures stays a paragraph). */
export function htmlToBlocks(html: string): IntroBlock[] {
  const blocks: IntroBlock[] = []
  const re = /<(h2|h3|p|ul|ol)>([\s\S]*?)<\/\1>|<img ([^>]*?)\/?>/g
  let m: RegExpExecArray | null
  while ((m = re.exec(html))) {
    if (m[3] !== undefined) {
      const src = /src="([^"]*)"/.exec(m[3])?.[1] ?? ''
      const alt = /alt="([^"]*)"/.exec(m[3])?.[1] ?? ''
      if (src) blocks.push({ kind: 'img', src: unescape(src), alt: unescape(alt) })
      continue
    }
    const [, tag, inner] = m
    if (tag === 'ul' || tag === 'ol') {
      // (No String.prototype.matchAll: iOS 12 and Chrome 70 have none; scripts/check-es.mjs.)
      const items: Array<ReturnType<typeof words>> = []
      const li = /<li>([\s\S]*?)<\/li>/g
      for (let item = li.exec(inner); item; item = li.exec(inner)) items.push(words(item[1]))
      blocks.push({ kind: tag, text: items.map((i) => i.text).join('\n'), bold: items.length > 0 && items.every((i) => i.bold) })
      continue
    }
    // A paragraph may hold pictures: each its own block, the words around them paragraphs.
    const parts = inner.split(/(<img [^>]*?\/?>)/)
    for (const part of parts) {
      if (part.startsWith('<img ')) {
        blocks.push(...htmlToBlocks(part))
      } else if (part.replace(/<br\s*\/?>/g, '').trim() !== '') {
        const w = words(part)
        blocks.push({ kind: tag === 'p' ? 'p' : 'h', text: w.text, bold: w.bold })
      }
    }
  }
  return blocks
}
