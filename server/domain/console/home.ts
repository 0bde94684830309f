import type { Q } from '../../storage/query'
import * as repo from '../../storage/repo/homeContent'
import type { BannerStored } from '../../storage/repo/homeContent'
import { uploadExists } from '../../storage/repo/seckillConsole'
import { HOME_LINK_PAGES, HOME_MODULE_KEYS, type HomeModuleKey } from '../../../src/contract/consoleEndpoints'
import type { ConsoleBanner, ConsoleHomeModule, HomeIndexAnswer } from '../../../src/contract/console'
import type { ModuleListAnswer } from '../../../src/contract/site'
import type { ApiLang } from '../../../src/contract/common'
import { GRID_MODULES } from '../names'
import { refuse } from '../refusal'
import { fmt, nowMs, parseText } from '../../time'

/**
 * Home's banners and service grid (issue 45): rows the console writes (server/storage/repo/homeContent.ts), read by
 * every shopper's `index/moduleList` — and so by Home's drawn first screen (server/hosting/static.ts) — with nothing
 * kept in between, so a change shows at once. A database without banners (a production start) answers none: Home
 * draws without a carousel. The grid's modules are the app's own pages (GRID_MODULES); the operator orders them and
 * switches them off; a module without a row keeps its place after those with one, shown.
 */

const UPLOAD = /^\/uploads\/([A-Za-z0-9_-]{22})\.\w+$/

/** A picture of this server: an app picture, or an upload that exists (the contract's pattern checked the form). */
export async function checkPicture(db: Q, image: string): Promise<void> {
  const upload = UPLOAD.exec(image)?.[1]
  if (upload !== undefined && !(await uploadExists(db, upload))) throw refuse('console_picture_invalid')
}

const minuteText = (ms: number | null) => (ms === null ? null : fmt(Number(ms)).slice(0, 16))

export function bannerOf(b: BannerStored, now = nowMs()): ConsoleBanner {
  const from = b.shows_from === null ? null : Number(b.shows_from)
  const until = b.shows_until === null ? null : Number(b.shows_until)
  const withdrawn = b.withdrawn_at !== null
  return {
    id: Number(b.id),
    image: b.image,
    title: b.title,
    title_en: b.title_en,
    path: b.path,
    position: Number(b.position),
    shows_from: minuteText(from),
    shows_until: minuteText(until),
    withdrawn,
    showing: !withdrawn && (from === null || from <= now) && (until === null || until > now),
  }
}

type GridModule = (typeof GRID_MODULES)[number]

/** The grid in the operator's order, each with whether it is shown. */
async function orderedModules(db: Q): Promise<Array<{ module: GridModule; shown: boolean }>> {
  const rows = new Map((await repo.moduleRows(db)).map((r) => [r.key, r]))
  const withRow = GRID_MODULES.filter((m) => rows.has(m[0])).sort((a, b) => Number(rows.get(a[0])?.position) - Number(rows.get(b[0])?.position))
  const without = GRID_MODULES.filter((m) => !rows.has(m[0]))
  return [...withRow, ...without].map((module) => ({ module, shown: Number(rows.get(module[0])?.shown ?? 1) === 1 }))
}

const consoleModuleOf = ({ module: [key, title, title_en, path], shown }: { module: GridModule; shown: boolean }): ConsoleHomeModule => ({ key: key as HomeModuleKey, title, title_en, path, shown })

/** What a shopper's Home reads (index/moduleList): the banners showing now, the grid's shown modules in order. */
export async function homeModules(db: Q, lang: ApiLang): Promise<ModuleListAnswer> {
  const [banners, modules] = await Promise.all([repo.bannersShownAt(db, nowMs()), orderedModules(db)])
  return {
    banners: banners.map((b) => ({ id: Number(b.id), image: b.image, title: lang === 'en' ? b.title_en : b.title, path: b.path })),
    modules: modules
      .filter((m) => m.shown)
      .map(({ module: [key, title, title_en, path] }) => ({ key, title: lang === 'en' ? title_en : title, title_en, icon: `/assets/img/module-${key}.svg`, path })),
  }
}

export async function homeIndex(db: Q): Promise<HomeIndexAnswer> {
  const now = nowMs()
  const [banners, modules] = await Promise.all([repo.allBanners(db), orderedModules(db)])
  const links = HOME_LINK_PAGES.map((path) => {
    const m = GRID_MODULES.find((g) => g[3] === path)
    return { path, title: m ? m[1] : path, title_en: m ? m[2] : path }
  })
  return { banners: banners.map((b) => bannerOf(b, now)), modules: modules.map(consoleModuleOf), links, now_text: fmt(now).slice(0, 16) }
}

export interface BannerInput {
  image: string
  title: string
  title_en: string
  path: string
  shows_from?: string | null
  shows_until?: string | null
}

/** "YYYY-MM-DD HH:mm" on the business zone's clock → ms (null stays null). */
const instantOf = (text: string | null | undefined): number | null => (text ? parseText(text).valueOf() : null)

export async function saveBanner(db: Q, id: number | undefined, f: BannerInput): Promise<{ before: BannerStored | null; after: BannerStored }> {
  const from = instantOf(f.shows_from)
  const until = instantOf(f.shows_until)
  if (from !== null && until !== null && until <= from) throw refuse('console_banner_window_invalid')
  await checkPicture(db, f.image)
  const fields = { image: f.image, title: f.title, title_en: f.title_en, path: f.path, shows_from: from, shows_until: until }
  const now = nowMs()
  if (id === undefined) {
    const newId = await repo.insertBanner(db, fields, now)
    return { before: null, after: (await repo.banner(db, newId)) as BannerStored }
  }
  const before = await repo.banner(db, id)
  if (!before) throw refuse('console_banner_not_found')
  await repo.updateBanner(db, id, fields, now)
  return { before, after: (await repo.banner(db, id)) as BannerStored }
}

export async function setBannerShown(db: Q, id: number, shown: boolean): Promise<{ before: BannerStored; after: BannerStored }> {
  const before = await repo.banner(db, id)
  if (!before) throw refuse('console_banner_not_found')
  const now = nowMs()
  await repo.setBannerWithdrawn(db, id, shown ? null : (before.withdrawn_at ?? now), now)
  return { before, after: (await repo.banner(db, id)) as BannerStored }
}

/** The carousel's new order: every banner's id once (a list seen before another operator's change is refused). */
export async function orderBanners(db: Q, ids: readonly number[]): Promise<{ before: BannerStored[]; after: BannerStored[] }> {
  const before = await repo.allBanners(db)
  const known = new Set(before.map((b) => Number(b.id)))
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw refuse('console_banner_order_stale')
  const now = nowMs()
  for (const [i, id] of ids.entries()) await repo.setBannerPosition(db, id, i, now)
  return { before, after: await repo.allBanners(db) }
}

export async function saveModules(db: Q, modules: ReadonlyArray<{ key: string; shown: boolean }>): Promise<{ before: ConsoleHomeModule[]; after: ConsoleHomeModule[] }> {
  if (modules.length !== HOME_MODULE_KEYS.length || new Set(modules.map((m) => m.key)).size !== modules.length) throw refuse('console_modules_invalid')
  const before = (await orderedModules(db)).map(consoleModuleOf)
  await repo.replaceModules(db, modules)
  return { before, after: (await orderedModules(db)).map(consoleModuleOf) }
}
