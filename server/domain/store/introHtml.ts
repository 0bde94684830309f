import type sanitizeHtmlModule from 'sanitize-html'
import { lazyRequire } from '../../lazy'
import { UPLOAD_PICTURE_PATTERN } from '../../../src/contract/shopProfileEndpoints'

/** sanitize-html, loaded at the first introduction written, not at every start (server/lazy.ts). */
const loadSanitizer = lazyRequire<typeof sanitizeHtmlModule>('sanitize-html')
const sanitizeHtml = (...args: Parameters<typeof sanitizeHtmlModule>) => loadSanitizer()(...args)

/**
 * The shop's introduction (issue 44): the allow-list every introduction passes before it is stored, and so before any
 * shopper's page shows it. On H5 the page puts this HTML into the document as it is (RichText's innerHTML), so this list
 * is the only guard: what is not on it never survives, whatever the owner's screen sent.
 *
 * Kept: headings (h2, h3; h1 is made h2, h4–h6 h3), paragraphs, line breaks, bold (b is made strong), italics, lists
 * (ul, ol, li), and pictures (img) whose src is one of this server's uploads (`/uploads/<22>.<ext>`), with their alt.
 * Gone: every other tag — script, style, iframe, object, embed, svg, template, textarea and noscript with everything
 * inside them; links (a) keep their words and lose the link, so no href of any scheme (javascript:, data:, another site)
 * survives; every attribute but img's src and alt (no on…= handler, no style, no class, no id); a picture from anywhere
 * else (another site, a data: URL, a path of this server that is not an upload) with its tag. HTML comments go too.
 */
const ALLOWED_TAGS = ['h2', 'h3', 'p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'img']
/** Tags dropped with all they hold (others the list does not keep lose the tag and keep their words). */
const DROPPED_WHOLE = ['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'textarea', 'noscript', 'select', 'option', 'title', 'head']

export interface CleanIntro {
  html: string
  /** Its words without tags (shops.intro: lists, search). */
  text: string
  /** The pictures it keeps, in order. */
  pictures: string[]
  /** Tags, attributes and pictures not kept (0: the HTML came back whole). */
  removed: number
}

export function sanitizeIntro(input: string): CleanIntro {
  let removed = 0
  const pictures: string[] = []
  const html = sanitizeHtml(input, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { img: ['src', 'alt'] },
    // No scheme is allowed anywhere: the only URL kept is an upload's path (checked below).
    allowedSchemes: [],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WHOLE,
    enforceHtmlBoundary: false,
    parseStyleAttributes: false,
    transformTags: {
      h1: 'h2',
      h4: 'h3',
      h5: 'h3',
      h6: 'h3',
      b: 'strong',
      i: 'em',
    },
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'img') return false
      const src = frame.attribs.src ?? ''
      if (!UPLOAD_PICTURE_PATTERN.test(src)) {
        removed++
        return true
      }
      pictures.push(src)
      return false
    },
    onOpenTag: (tag, attribs) => {
      if (!ALLOWED_TAGS.includes(tag) && !['h1', 'h4', 'h5', 'h6', 'b', 'i'].includes(tag)) removed++
      for (const name of Object.keys(attribs)) if (!(tag === 'img' && (name === 'src' || name === 'alt'))) removed++
    },
  })
  const cleaned = html.replace(/<p>\s*<\/p>/g, '').trim()
  const text = sanitizeHtml(cleaned.replace(/<\/(h2|h3|p|li)>|<br \/>/g, ' '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
  return { html: cleaned, text, pictures, removed }
}

/** A plain introduction (shops from before issue 44) as one paragraph of HTML. */
export const paragraphOf = (plain: string): string =>
  plain.trim() === '' ? '' : `<p>${plain.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</p>`
