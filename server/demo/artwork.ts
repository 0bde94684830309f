import fs from 'node:fs'

/**
 * Demo artwork drawn from two icon sets installed from npm (no network at run time):
 * - Tabler Icons (`@iconify-json/tabler`, MIT): line icons for the service grid and business classes;
 * - Fluent Emoji Flat (`@iconify-json/fluent-emoji-flat`, MIT, Microsoft): illustrations for shops,
 *   products and banners.
 * Each set's JSON is read once, on the first picture that needs it. The SVG written here avoids what
 * WeChat's `<image>` does not take in an SVG (percent units, `<style>`), carries its size in pixels,
 * and never contains text: names are text in the app.
 */

type SetName = 'tabler' | 'fluent-emoji-flat'

interface IconifyIcon {
  body: string
  width?: number
  height?: number
  left?: number
  top?: number
}
interface IconifyAlias {
  parent: string
  rotate?: number
  hFlip?: boolean
  vFlip?: boolean
}
interface IconifySet {
  icons: Record<string, IconifyIcon>
  aliases?: Record<string, IconifyAlias>
  width?: number
  height?: number
}

const FILES: Record<SetName, string> = {
  tabler: '@iconify-json/tabler/icons.json',
  'fluent-emoji-flat': '@iconify-json/fluent-emoji-flat/icons.json',
}
const sets = new Map<SetName, IconifySet>()

interface Glyph {
  body: string
  left: number
  top: number
  width: number
  height: number
}

/** One icon of a set; throws for a name the set does not have (a catalogue mistake, caught by the tests). */
export function glyph(setName: SetName, name: string): Glyph {
  let set = sets.get(setName)
  if (!set) {
    set = JSON.parse(fs.readFileSync(require.resolve(FILES[setName]), 'utf8')) as IconifySet
    sets.set(setName, set)
  }
  const alias = set.aliases?.[name]
  // Aliases that flip or rotate would need a transform; the catalogue uses none of them.
  const icon = Object.prototype.hasOwnProperty.call(set.icons, name) ? set.icons[name] : alias && !alias.rotate && !alias.hFlip && !alias.vFlip ? set.icons[alias.parent] : undefined
  if (!icon) throw new Error(`${setName} has no icon "${name}"`)
  return { body: icon.body, left: icon.left ?? 0, top: icon.top ?? 0, width: icon.width ?? set.width ?? 16, height: icon.height ?? set.height ?? 16 }
}

/** An icon placed in a size × size square at (x, y); ids inside it get a prefix so that two icons in one picture never share one. */
function place(g: Glyph, x: number, y: number, size: number, scope: string, color?: string): string {
  const k = size / Math.max(g.width, g.height)
  const dx = x + (size - g.width * k) / 2 - g.left * k
  const dy = y + (size - g.height * k) / 2 - g.top * k
  let body = g.body.replace(/\bid="([^"]+)"/g, `id="${scope}-$1"`).replace(/url\(#([^)]+)\)/g, `url(#${scope}-$1)`).replace(/href="#([^"]+)"/g, `href="#${scope}-$1"`)
  if (color) body = body.replace(/currentColor/g, color)
  return `<g transform="translate(${r(dx)} ${r(dy)}) scale(${r(k)})">${body}</g>`
}

const r = (n: number) => String(Math.round(n * 1000) / 1000)

/**
 * `slice`: drawn into a box of another shape (Taro H5's aspectFill stretches the <img>; WeChat's
 * scaleToFill), the picture covers the box and is cropped at the edges, as a photo would be, instead of
 * shrinking into bands. Every picture keeps what matters in its middle.
 */
const svg = (w: number, h: number, set: SetName, defs: string, content: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="xMidYMid slice"><!-- ${CREDIT[set]} --><defs>${defs}</defs>${content}</svg>`

/** Each served picture names the set it is drawn from and its licence (README, "Demo artwork"). */
const CREDIT: Record<SetName, string> = {
  tabler: 'Tabler Icons, MIT License, Copyright (c) 2020-2025 Paweł Kuna',
  'fluent-emoji-flat': 'Fluent Emoji, MIT License, Copyright (c) Microsoft Corporation',
}

/** A linear gradient; (x1,y1)→(x2,y2) in the shape's own box, 0…1 (numbers, not percents). */
const gradient = (id: string, [from, to]: readonly [string, string], [x1, y1, x2, y2] = [0, 0, 0, 1]) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`

export type Colors = readonly [string, string]

/** A service-grid / business-class icon: a white Tabler line icon on a rounded tile with a gradient. */
export function tile(icon: string, colors: Colors): string {
  const s = 96
  return svg(
    s,
    s,
    'tabler',
    gradient('bg', colors),
    `<rect width="${s}" height="${s}" rx="28" fill="url(#bg)"/>` +
      `<circle cx="82" cy="10" r="34" fill="#fff" fill-opacity=".14"/>` +
      place(glyph('tabler', icon), 22, 22, 52, 'i', '#fff'),
  )
}

/** A Fluent emoji picture: a diagonal gradient over the whole w × h, then what is drawn on it. */
const emojiScene = (w: number, h: number, colors: Colors, content: string) =>
  svg(w, h, 'fluent-emoji-flat', gradient('bg', colors, [0, 0, 1, 1]), `<rect width="${w}" height="${h}" fill="url(#bg)"/>` + content)

/**
 * A shop or product picture: a Fluent emoji on a soft gradient with a light disc and a shadow. Shops are
 * 3:2 so that both a square thumbnail and the wide Shop-details hero (aspectFill) keep the whole emoji.
 */
export function illustration(emoji: string, colors: Colors, shape: 'wide' | 'square'): string {
  const [w, h] = shape === 'wide' ? [480, 320] : [400, 400]
  const size = shape === 'wide' ? 176 : 240
  const cx = w / 2
  const cy = h / 2
  return emojiScene(
    w,
    h,
    colors,
    `<circle cx="${cx}" cy="${cy}" r="${r(size * 0.68)}" fill="#fff" fill-opacity=".5"/>` +
      `<circle cx="${w - 40}" cy="36" r="70" fill="#fff" fill-opacity=".25"/>` +
      `<ellipse cx="${cx}" cy="${r(cy + size * 0.46)}" rx="${r(size * 0.36)}" ry="${r(size * 0.06)}" fill="#000" fill-opacity=".08"/>` +
      place(glyph('fluent-emoji-flat', emoji), cx - size / 2, cy - size / 2, size, 'e'),
  )
}

/**
 * A Home banner, 750 × 300: a deep gradient, soft circles, a large emoji and a smaller one on the right.
 * The left part stays calm: the app writes the banner's title there as text.
 */
export function banner(main: string, accent: string, colors: Colors): string {
  const [w, h] = [750, 300]
  return emojiScene(
    w,
    h,
    colors,
    `<circle cx="600" cy="150" r="150" fill="#fff" fill-opacity=".12"/>` +
      `<circle cx="720" cy="20" r="90" fill="#fff" fill-opacity=".1"/>` +
      `<circle cx="430" cy="290" r="60" fill="#fff" fill-opacity=".08"/>` +
      place(glyph('fluent-emoji-flat', main), 500, 40, 220, 'm') +
      place(glyph('fluent-emoji-flat', accent), 430, 160, 110, 'a'),
  )
}

/** A default avatar: a white Tabler person on a coloured circle. */
export function avatar(colors: Colors): string {
  const s = 120
  return svg(s, s, 'tabler', gradient('bg', colors), `<circle cx="60" cy="60" r="60" fill="url(#bg)"/>` + place(glyph('tabler', 'user-filled'), 24, 26, 72, 'i', '#fff'))
}
