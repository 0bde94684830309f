import type { GeoPoint } from '../../../src/contract/geo'
import { districtCentre } from './districtCentres'
import { REGIONS } from './regions'

/**
 * How far each district of REGIONS reaches from its centre (issue 44), in km: the distance from the centre to the
 * district's farthest part, read off the map, plus about 2 km — from 5 km (莞城街道, 黄浦区) to 60 km (浦东新区, whose coast
 * runs 55 km to 南汇嘴). A shop's map point is checked against it (src/contract/geo.ts withinReach).
 *
 * The same figures as the shoppers' address check being added beside the centres (issue 43); when that lands, this table
 * and its districtArea are one with it.
 */
const REACH_KM: Record<string, number> = {
  '广东省/深圳市/南山区': 18,
  '广东省/深圳市/福田区': 10,
  '广东省/深圳市/罗湖区': 12,
  '广东省/深圳市/宝安区': 30,
  '广东省/深圳市/龙岗区': 25,
  '广东省/深圳市/龙华区': 15,
  '广东省/深圳市/盐田区': 12,
  '广东省/深圳市/光明区': 15,
  '广东省/广州市/天河区': 17,
  '广东省/广州市/越秀区': 7,
  '广东省/广州市/海珠区': 13,
  '广东省/广州市/荔湾区': 13,
  '广东省/广州市/白云区': 35,
  '广东省/广州市/番禺区': 22,
  '广东省/东莞市/南城街道': 8,
  '广东省/东莞市/东城街道': 12,
  '广东省/东莞市/莞城街道': 5,
  '广东省/东莞市/松山湖': 10,
  '广东省/佛山市/禅城区': 17,
  '广东省/佛山市/南海区': 35,
  '广东省/佛山市/顺德区': 30,
  '上海市/上海市/浦东新区': 60,
  '上海市/上海市/黄浦区': 5,
  '上海市/上海市/徐汇区': 10,
  '上海市/上海市/静安区': 10,
  '上海市/上海市/长宁区': 11,
  '上海市/上海市/闵行区': 24,
  '北京市/北京市/朝阳区': 27,
  '北京市/北京市/海淀区': 27,
  '北京市/北京市/东城区': 9,
  '北京市/北京市/西城区': 9,
  '北京市/北京市/丰台区': 22,
  '浙江省/杭州市/西湖区': 22,
  '浙江省/杭州市/上城区': 17,
  '浙江省/杭州市/拱墅区': 13,
  '浙江省/杭州市/滨江区': 11,
  '浙江省/杭州市/余杭区': 55,
  '四川省/成都市/锦江区': 10,
  '四川省/成都市/青羊区': 13,
  '四川省/成都市/武侯区': 13,
  '四川省/成都市/成华区': 14,
  '四川省/成都市/高新区': 26,
}

/** A district's centre and how far it reaches (metres), or null for one the tables do not have. */
export function districtArea(province: string, city: string, district: string): { centre: GeoPoint; radius_m: number } | null {
  const centre = districtCentre(province, city, district)
  const km = REACH_KM[`${province}/${city}/${district}`]
  return centre && km ? { centre, radius_m: km * 1000 } : null
}

/**
 * The province and city of REGIONS a city of the `cities` table is (REGIONS names it with its suffix, 深圳市; the table
 * without, 深圳), and its districts; null for a city the regions do not list.
 */
export function regionOfCity(cityName: string): { province: string; city: string; districts: string[] } | null {
  for (const [province, cities] of Object.entries(REGIONS)) {
    for (const [city, districts] of Object.entries(cities)) {
      if (city.startsWith(cityName)) return { province, city, districts }
    }
  }
  return null
}
