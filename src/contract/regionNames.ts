/**
 * The English (official pinyin) names of the regions where One Card Pass operates (server/domain/address/regions.ts), for the
 * address form's picker and the addresses shown in English (issue 24). An address is stored and sent with its
 * Chinese names (the canonical text a courier reads, the server's check of the region); only what the shopper reads
 * follows the language. __tests__/server/regionNames.test.ts checks every region has its English name.
 */
export const REGION_EN: Readonly<Record<string, string>> = {
  广东省: 'Guangdong',
  深圳市: 'Shenzhen',
  南山区: 'Nanshan District',
  福田区: 'Futian District',
  罗湖区: 'Luohu District',
  宝安区: "Bao'an District",
  龙岗区: 'Longgang District',
  龙华区: 'Longhua District',
  盐田区: 'Yantian District',
  光明区: 'Guangming District',
  广州市: 'Guangzhou',
  天河区: 'Tianhe District',
  越秀区: 'Yuexiu District',
  海珠区: 'Haizhu District',
  荔湾区: 'Liwan District',
  白云区: 'Baiyun District',
  番禺区: 'Panyu District',
  东莞市: 'Dongguan',
  南城街道: 'Nancheng Subdistrict',
  东城街道: 'Dongcheng Subdistrict',
  莞城街道: 'Guancheng Subdistrict',
  松山湖: 'Songshan Lake',
  佛山市: 'Foshan',
  禅城区: 'Chancheng District',
  南海区: 'Nanhai District',
  顺德区: 'Shunde District',
  上海市: 'Shanghai',
  浦东新区: 'Pudong New Area',
  黄浦区: 'Huangpu District',
  徐汇区: 'Xuhui District',
  静安区: "Jing'an District",
  长宁区: 'Changning District',
  闵行区: 'Minhang District',
  北京市: 'Beijing',
  朝阳区: 'Chaoyang District',
  海淀区: 'Haidian District',
  东城区: 'Dongcheng District',
  西城区: 'Xicheng District',
  丰台区: 'Fengtai District',
  浙江省: 'Zhejiang',
  杭州市: 'Hangzhou',
  西湖区: 'Xihu District',
  上城区: 'Shangcheng District',
  拱墅区: 'Gongshu District',
  滨江区: 'Binjiang District',
  余杭区: 'Yuhang District',
  四川省: 'Sichuan',
  成都市: 'Chengdu',
  锦江区: 'Jinjiang District',
  青羊区: 'Qingyang District',
  武侯区: 'Wuhou District',
  成华区: 'Chenghua District',
  高新区: 'Hi-tech Zone',
}

/** A region's name as the shopper reads it: English where it has one, else as stored. */
export const regionName = (lang: string, name: string): string => (lang === 'en' ? (REGION_EN[name] ?? name) : name)

/** Province, city and district as one line in the shopper's language ("广东省 深圳市 南山区" · "Nanshan District, Shenzhen, Guangdong"). */
export function regionLine(lang: string, province: string, city: string, district: string): string {
  if (lang !== 'en') return [province, city, district].filter(Boolean).join(' ')
  // A municipality is its own city (上海市 上海市): named once in English.
  const parts = [district, city, city === province ? '' : province].filter(Boolean).map((n) => regionName(lang, n))
  return parts.join(', ')
}

/** A delivery address as one line in the shopper's language ("广东省深圳市南山区科技园 1 号" · "科技园 1 号, Nanshan District, Shenzhen, Guangdong"). */
export function addressLine(lang: string, address: { province: string; city: string; district: string; detail: string }): string {
  const { province, city, district, detail } = address
  return lang === 'en' ? `${detail}, ${regionLine(lang, province, city, district)}` : `${province}${city}${district}${detail}`
}
