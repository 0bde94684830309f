import type { Q } from '../../storage/query'
import * as repo from '../../storage/repo/homeContent'
import type { BusinessClassStored, CityStored } from '../../storage/repo/homeContent'
import type { ConsoleBusinessClass, ConsoleCity } from '../../../src/contract/console'
import { EN_NAMES } from '../names'
import { refuse } from '../refusal'
import { nowMs } from '../../time'
import { checkPicture } from './home'

/**
 * Cities and business classes in the console (issue 45). Added and renamed (Chinese and English); never deleted — shops
 * are filed under them — but hidden: a hidden one is no longer offered to a new merchant sign-up (merchant_city_invalid
 * / merchant_class_invalid), in the shoppers' city list, the nearest-city answer or the class filters; the shops filed
 * under it stay as they are. Shoppers read these rows on every call, so a change shows at once.
 */

/** The English name a shopper reads: the operator's, else the system's (server/domain/names.ts), else the Chinese. */
export const englishOf = (name: string, nameEn: string | null): string => nameEn ?? EN_NAMES[name] ?? name

export const cityOf = (c: CityStored): ConsoleCity => ({
  id: Number(c.id),
  name: c.name,
  name_en: englishOf(c.name, c.name_en),
  pinyin: c.pinyin,
  hot: Number(c.hot) === 1,
  lat: c.lat === null ? null : Number(c.lat),
  lng: c.lng === null ? null : Number(c.lng),
  shown: c.hidden_at === null,
  shops: Number(c.shops),
})

export const classOf = (c: BusinessClassStored): ConsoleBusinessClass => ({
  id: Number(c.id),
  name: c.name,
  name_en: englishOf(c.name, c.name_en),
  icon: c.icon,
  sort: Number(c.sort),
  shown: c.hidden_at === null,
  shops: Number(c.shops),
})

export interface CityInput {
  name: string
  name_en: string
  pinyin: string
  hot: boolean
  lat: number | null
  lng: number | null
}

export async function saveCity(db: Q, id: number | undefined, f: CityInput): Promise<{ before: CityStored | null; after: CityStored }> {
  const taken = await repo.cityNamed(db, f.name, f.name_en, id ?? 0)
  if (taken) throw refuse('console_city_name_taken', { name: taken.name })
  const fields = { name: f.name, name_en: f.name_en, pinyin: f.pinyin, hot: f.hot ? 1 : 0, lat: f.lat, lng: f.lng }
  if (id === undefined) {
    const newId = await repo.insertCity(db, fields)
    return { before: null, after: (await repo.city(db, newId)) as CityStored }
  }
  const before = await repo.city(db, id)
  if (!before) throw refuse('console_city_not_found')
  await repo.updateCity(db, id, fields)
  return { before, after: (await repo.city(db, id)) as CityStored }
}

export async function setCityShown(db: Q, id: number, shown: boolean): Promise<{ before: CityStored; after: CityStored }> {
  const before = await repo.city(db, id)
  if (!before) throw refuse('console_city_not_found')
  await repo.setCityHidden(db, id, shown ? null : (before.hidden_at ?? nowMs()))
  return { before, after: (await repo.city(db, id)) as CityStored }
}

export interface ClassInput {
  name: string
  name_en: string
  icon: string
}

export async function saveClass(db: Q, id: number | undefined, f: ClassInput): Promise<{ before: BusinessClassStored | null; after: BusinessClassStored }> {
  const taken = await repo.classNamed(db, f.name, f.name_en, id ?? 0)
  if (taken) throw refuse('console_class_name_taken', { name: taken.name })
  await checkPicture(db, f.icon)
  if (id === undefined) {
    const newId = await repo.insertClass(db, f)
    return { before: null, after: (await repo.businessClass(db, newId)) as BusinessClassStored }
  }
  const before = await repo.businessClass(db, id)
  if (!before) throw refuse('console_class_not_found')
  await repo.updateClass(db, id, f)
  return { before, after: (await repo.businessClass(db, id)) as BusinessClassStored }
}

export async function setClassShown(db: Q, id: number, shown: boolean): Promise<{ before: BusinessClassStored; after: BusinessClassStored }> {
  const before = await repo.businessClass(db, id)
  if (!before) throw refuse('console_class_not_found')
  await repo.setClassHidden(db, id, shown ? null : (before.hidden_at ?? nowMs()))
  return { before, after: (await repo.businessClass(db, id)) as BusinessClassStored }
}
