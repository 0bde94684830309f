import type { Pager } from './pager.types'

export const pager: Pager = {
  pageWidth: (id) => document.getElementById(id)?.clientWidth ?? 0,
  animates: false,
  mayAutoplay: () => !(typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches),
}
