import { createElement, type ReactNode } from 'react'

/**
 * `@tarojs/components` for the server's drawing (./views.ts builds the app's pure views, src/views, with this in its
 * place): each component as plain HTML with the class names the app gives it, boxed as Taro's H5 components are
 * (View a block, Text inline, Image an inline-block box that clips its picture, Button Taro's button — the drawing's
 * base rules in ./index.ts). Only what a picture of the screen needs: no handlers, roles, tab stops or ids (the
 * drawing is hidden from screen readers and lets taps through; the app's page has the ids).
 *
 * Pictures: only the one the view asks the browser to fetch first (`fetchpriority: high`, Home's first banner) is
 * drawn; the others keep their box and placeholder colour — each SVG picture costs the main thread ~60 ms at 4× CPU
 * to load (measured: sixteen pushed the first paint from ~1.4 s to ~2.1 s), time the app's boot needs more.
 */
interface Box {
  className?: string
  children?: ReactNode
}

export const View = ({ className, children }: Box) => <div className={className}>{children}</div>

export const Text = ({ className, children }: Box) => <span className={className}>{children}</span>

export function Image({ className, src, mode, nativeProps }: Box & { src: string; mode?: string; nativeProps?: Record<string, unknown> }) {
  const first = nativeProps?.fetchpriority === 'high' && /^\/[\w./-]+$/.test(src)
  return createElement('ocp-img', { class: className, 'data-fill': mode === 'aspectFill' ? '' : undefined }, first ? <img src={src} alt='' {...{ fetchpriority: 'high' }} /> : null)
}

export const ScrollView = ({ className, children }: Box) => createElement('ocp-scroll', { class: className }, children)

export const Button = ({ className, children }: Box) => createElement('ocp-btn', { class: className }, children)
