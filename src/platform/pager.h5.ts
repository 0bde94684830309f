import type { Pager } from './pager.types'

export const pager: Pager = {
  pageWidth: (id) => document.getElementById(id)?.clientWidth ?? 0,
  mayAutoplay: () => !(typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches),
}
