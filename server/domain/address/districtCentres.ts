import type { GeoPoint } from '../../../src/contract/geo'
import { REGIONS } from './regions'

/**
 * The centre of every district in REGIONS (GCJ-02, approximate: the district government's neighbourhood), shipped
 * with the server so an address saved without a map pick still has a point (issue 25: takeout's delivery radius
 * and fee tiers are judged on it). No outside geocoder is called at run time. Keyed "province/city/district".
 */
const CENTRES: Record<string, readonly [number, number]> = {
  '广东省/深圳市/南山区': [22.5329, 113.9305],
  '广东省/深圳市/福田区': [22.541, 114.055],
  '广东省/深圳市/罗湖区': [22.5485, 114.1315],
  '广东省/深圳市/宝安区': [22.5553, 113.883],
  '广东省/深圳市/龙岗区': [22.7209, 114.247],
  '广东省/深圳市/龙华区': [22.6967, 114.0446],
  '广东省/深圳市/盐田区': [22.5577, 114.237],
  '广东省/深圳市/光明区': [22.7489, 113.9356],
  '广东省/广州市/天河区': [23.1246, 113.3612],
  '广东省/广州市/越秀区': [23.129, 113.2668],
  '广东省/广州市/海珠区': [23.0835, 113.3172],
  '广东省/广州市/荔湾区': [23.1258, 113.2443],
  '广东省/广州市/白云区': [23.1576, 113.273],
  '广东省/广州市/番禺区': [22.9379, 113.3843],
  '广东省/东莞市/南城街道': [23.015, 113.752],
  '广东省/东莞市/东城街道': [23.034, 113.781],
  '广东省/东莞市/莞城街道': [23.043, 113.751],
  '广东省/东莞市/松山湖': [22.912, 113.888],
  '广东省/佛山市/禅城区': [23.0098, 113.1224],
  '广东省/佛山市/南海区': [23.0287, 113.1432],
  '广东省/佛山市/顺德区': [22.805, 113.2932],
  '上海市/上海市/浦东新区': [31.2215, 121.5447],
  '上海市/上海市/黄浦区': [31.2317, 121.4847],
  '上海市/上海市/徐汇区': [31.1885, 121.4365],
  '上海市/上海市/静安区': [31.229, 121.448],
  '上海市/上海市/长宁区': [31.2204, 121.4244],
  '上海市/上海市/闵行区': [31.1128, 121.3817],
  '北京市/北京市/朝阳区': [39.9215, 116.4431],
  '北京市/北京市/海淀区': [39.9599, 116.2981],
  '北京市/北京市/东城区': [39.9288, 116.416],
  '北京市/北京市/西城区': [39.9123, 116.366],
  '北京市/北京市/丰台区': [39.8585, 116.2866],
  '浙江省/杭州市/西湖区': [30.2596, 120.13],
  '浙江省/杭州市/上城区': [30.2425, 120.169],
  '浙江省/杭州市/拱墅区': [30.3196, 120.1419],
  '浙江省/杭州市/滨江区': [30.2084, 120.2119],
  '浙江省/杭州市/余杭区': [30.4193, 120.2998],
  '四川省/成都市/锦江区': [30.6571, 104.0834],
  '四川省/成都市/青羊区': [30.6741, 104.0617],
  '四川省/成都市/武侯区': [30.6422, 104.0432],
  '四川省/成都市/成华区': [30.66, 104.1013],
  '四川省/成都市/高新区': [30.5865, 104.0614],
}

/** A district's centre, or null for one the table does not have. */
export function districtCentre(province: string, city: string, district: string): GeoPoint | null {
  const key = `${province}/${city}/${district}`
  if (!Object.prototype.hasOwnProperty.call(CENTRES, key)) return null
  const [lat, lng] = CENTRES[key]
  return { lat, lng }
}

/** Every known region's key (tests check the table covers REGIONS). */
export const regionKeys = (): string[] => Object.entries(REGIONS).flatMap(([p, cities]) => Object.entries(cities).flatMap(([c, ds]) => ds.map((d) => `${p}/${c}/${d}`)))
export const centreKeys = (): string[] => Object.keys(CENTRES)
