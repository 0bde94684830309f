import { distanceMeters, type GeoPoint } from '../../../src/contract/geo'
import { REGIONS } from './regions'

/**
 * The centre of every district in REGIONS (GCJ-02, approximate: the district government's neighbourhood), shipped
 * with the server so an address saved without a map pick still has a point (issue 25: takeout's delivery radius
 * and fee tiers are judged on it). No outside geocoder is called at run time. Keyed "province/city/district".
 *
 * And how far from it the district reaches (issue 43), in km: the distance from the centre to the district's farthest
 * part, read off the map, plus about 2 km — from 5 km (莞城街道, 黄浦区) to 60 km (浦东新区, whose coast runs 55 km to
 * 南汇嘴). No boundaries are shipped (a polygon per district would be the exact test); this circle is the stated
 * margin: a point beyond it is not in the district, so a map pick there is not trusted (deliveryPoint below). A circle
 * also takes in a strip of the neighbouring districts — a pick a street over the line is kept.
 */
const CENTRES: Record<string, readonly [number, number, number]> = {
  '广东省/深圳市/南山区': [22.5329, 113.9305, 18],
  '广东省/深圳市/福田区': [22.541, 114.055, 10],
  '广东省/深圳市/罗湖区': [22.5485, 114.1315, 12],
  '广东省/深圳市/宝安区': [22.5553, 113.883, 30],
  '广东省/深圳市/龙岗区': [22.7209, 114.247, 25],
  '广东省/深圳市/龙华区': [22.6967, 114.0446, 15],
  '广东省/深圳市/盐田区': [22.5577, 114.237, 12],
  '广东省/深圳市/光明区': [22.7489, 113.9356, 15],
  '广东省/广州市/天河区': [23.1246, 113.3612, 17],
  '广东省/广州市/越秀区': [23.129, 113.2668, 7],
  '广东省/广州市/海珠区': [23.0835, 113.3172, 13],
  '广东省/广州市/荔湾区': [23.1258, 113.2443, 13],
  '广东省/广州市/白云区': [23.1576, 113.273, 35],
  '广东省/广州市/番禺区': [22.9379, 113.3843, 22],
  '广东省/东莞市/南城街道': [23.015, 113.752, 8],
  '广东省/东莞市/东城街道': [23.034, 113.781, 12],
  '广东省/东莞市/莞城街道': [23.043, 113.751, 5],
  '广东省/东莞市/松山湖': [22.912, 113.888, 10],
  '广东省/佛山市/禅城区': [23.0098, 113.1224, 17],
  '广东省/佛山市/南海区': [23.0287, 113.1432, 35],
  '广东省/佛山市/顺德区': [22.805, 113.2932, 30],
  '上海市/上海市/浦东新区': [31.2215, 121.5447, 60],
  '上海市/上海市/黄浦区': [31.2317, 121.4847, 5],
  '上海市/上海市/徐汇区': [31.1885, 121.4365, 10],
  '上海市/上海市/静安区': [31.229, 121.448, 10],
  '上海市/上海市/长宁区': [31.2204, 121.4244, 11],
  '上海市/上海市/闵行区': [31.1128, 121.3817, 24],
  '北京市/北京市/朝阳区': [39.9215, 116.4431, 27],
  '北京市/北京市/海淀区': [39.9599, 116.2981, 27],
  '北京市/北京市/东城区': [39.9288, 116.416, 9],
  '北京市/北京市/西城区': [39.9123, 116.366, 9],
  '北京市/北京市/丰台区': [39.8585, 116.2866, 22],
  '浙江省/杭州市/西湖区': [30.2596, 120.13, 22],
  '浙江省/杭州市/上城区': [30.2425, 120.169, 17],
  '浙江省/杭州市/拱墅区': [30.3196, 120.1419, 13],
  '浙江省/杭州市/滨江区': [30.2084, 120.2119, 11],
  '浙江省/杭州市/余杭区': [30.4193, 120.2998, 55],
  '四川省/成都市/锦江区': [30.6571, 104.0834, 10],
  '四川省/成都市/青羊区': [30.6741, 104.0617, 13],
  '四川省/成都市/武侯区': [30.6422, 104.0432, 13],
  '四川省/成都市/成华区': [30.66, 104.1013, 14],
  '四川省/成都市/高新区': [30.5865, 104.0614, 26],
}

/** A district's centre and how far it reaches (metres), or null for one the table does not have. */
export function districtArea(province: string, city: string, district: string): { centre: GeoPoint; radius_m: number } | null {
  const key = `${province}/${city}/${district}`
  if (!Object.prototype.hasOwnProperty.call(CENTRES, key)) return null
  const [lat, lng, km] = CENTRES[key]
  return { centre: { lat, lng }, radius_m: km * 1000 }
}

/** A district's centre, or null for one the table does not have. */
export function districtCentre(province: string, city: string, district: string): GeoPoint | null {
  return districtArea(province, city, district)?.centre ?? null
}

/**
 * The point an address is judged at (takeout's radius, fee tier and list; issue 43), and what it is:
 * - `map`: its map pick, within its district's reach (above);
 * - `district_centre`: no pick (saved without one: the centre was stored), the district's centre;
 * - `outside_district`: a pick beyond its district's reach — the coordinates a client sends are not taken on trust
 *   (a Beijing address with Shenzhen coordinates was quoted at distance 0): the district's centre instead, and the
 *   quote says so.
 * Null point: none stored (an address from before points), or a pick in a district the table lacks. The stored row
 * keeps what the shopper picked (their address book shows it; moving the pin fixes it).
 */
export type PointSource = 'map' | 'district_centre' | 'outside_district'

export function deliveryPoint(a: { province: string; city: string; district: string; lat: number | null; lng: number | null; geo_source: string | null }): { point: GeoPoint | null; source: PointSource | null } {
  const stored = a.lat !== null && a.lng !== null ? { lat: a.lat, lng: a.lng } : null
  if (!stored) return { point: null, source: null }
  // Saved without a pick: the server stored the district's centre itself.
  if (a.geo_source !== 'map') return { point: stored, source: 'district_centre' }
  const area = districtArea(a.province, a.city, a.district)
  // A district the table does not have (none can be saved: isKnownRegion): nothing to judge a pick by, none taken.
  if (!area) return { point: null, source: null }
  if (distanceMeters(stored, area.centre) <= area.radius_m) return { point: stored, source: 'map' }
  return { point: area.centre, source: 'outside_district' }
}

/** Every known region's key (tests check the table covers REGIONS). */
export const regionKeys = (): string[] => Object.entries(REGIONS).flatMap(([p, cities]) => Object.entries(cities).flatMap(([c, ds]) => ds.map((d) => `${p}/${c}/${d}`)))
export const centreKeys = (): string[] => Object.keys(CENTRES)
