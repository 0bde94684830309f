import fs from 'node:fs'
import path from 'node:path'
import Taro from '@tarojs/taro'
import { alertMessage, confirmAction } from '@/core/feedback'
import { BG, BRAND, TEXT, TEXT_SECONDARY } from '@/core/theme'

const SRC = path.resolve(__dirname, '../../src')
const APP_CSS = fs.readFileSync(path.join(SRC, 'app.css'), 'utf8')

/** The custom properties of the `page, :root` block of app.css. */
function tokens(): Record<string, string> {
  const block = /page,\s*:root\s*\{([^}]*)\}/.exec(APP_CSS)?.[1] ?? ''
  const out: Record<string, string> = {}
  for (const m of block.matchAll(/--([\w-]+):\s*([^;]+);/g)) out[m[1]] = m[2].trim()
  return out
}

function hex(color: string): string {
  const h = color.replace('#', '').toLowerCase()
  return h.length === 3 ? h.replace(/./g, (c) => c + c) : h
}

/** WCAG 2 contrast ratio of two opaque hex colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = [0, 2, 4].map((i) => parseInt(hex(c).slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

describe('design tokens (src/app.css)', () => {
  const tk = tokens()
  const value = (name: string): string => {
    const v = tk[name]
    if (!v) throw new Error(`--${name} is not defined in app.css`)
    return v.startsWith('var(--') ? value(v.slice(6, -1)) : v
  }

  it.each([
    ['brand', 'surface'],
    ['brand', 'bg'],
    ['brand', 'brand-soft'],
    ['on-brand', 'brand'],
    ['price', 'surface'],
    ['text', 'surface'],
    ['text-secondary', 'surface'],
    ['text-secondary', 'bg'],
    ['text-tertiary', 'surface'],
    ['text-tertiary', 'bg'],
    ['text-tertiary', 'brand-soft'],
    ['link', 'surface'],
    ['link', 'bg'],
    ['danger', 'surface'],
    ['danger', 'danger-soft'],
    ['success', 'success-soft'],
    ['gold', 'bg'],
    ['card-ink', 'card-dark'],
    ['card-dark', 'card-ink'],
    ['disabled-text', 'disabled-bg'],
  ])('--%s on --%s meets WCAG AA for normal text (4.5:1)', (fg, bg) => {
    expect(contrast(value(fg), value(bg))).toBeGreaterThanOrEqual(4.5)
  })

  it('the brand red is darker than the #e4393c that failed AA on white (4.24:1)', () => {
    expect(contrast('#e4393c', '#fff')).toBeLessThan(4.5)
    expect(value('brand')).not.toBe('#e4393c')
  })

  it('the colours JavaScript needs (dialogs, tab bar, switch) are the tokens', () => {
    expect(BRAND).toBe(value('brand'))
    expect(hex(TEXT_SECONDARY)).toBe(hex(value('text-secondary')))
    expect(TEXT).toBe(value('text'))
    expect(BG).toBe(value('bg'))
    expect(contrast(TEXT_SECONDARY, '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })

  it('no stylesheet but app.css writes a colour of its own: every colour is a token', () => {
    const files: string[] = []
    const walk = (dir: string) =>
      fs.readdirSync(dir, { withFileTypes: true }).forEach((e) => {
        const p = path.join(dir, e.name)
        if (e.isDirectory()) walk(p)
        else if (e.name.endsWith('.css') && p !== path.join(SRC, 'app.css')) files.push(p)
      })
    walk(SRC)
    expect(files.length).toBeGreaterThan(10)
    const literal = /#[0-9a-f]{3,8}\b|\b(?:rgb|hsl)a?\((?!255, 255, 255, 0\.\d+\))/i
    const offenders = files.flatMap((f) =>
      fs
        .readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => [line, i] as const)
        .filter(([line]) => literal.test(line))
        .map(([line, i]) => `${path.relative(SRC, f)}:${i + 1}: ${line.trim()}`),
    )
    expect(offenders).toEqual([])
  })
})

describe('dialogs', () => {
  afterEach(() => jest.restoreAllMocks())

  it('a destructive confirmation has a red confirm button, never the platform green', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    await expect(confirmAction('删除？', '删除', '取消')).resolves.toBe(true)
    expect(modal.mock.calls[0][0]).toMatchObject({ confirmColor: BRAND, cancelColor: TEXT })
  })

  it('an alert has a neutral button', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    await alertMessage('好', '知道了')
    expect(modal.mock.calls[0][0]).toMatchObject({ confirmColor: TEXT })
  })
})
