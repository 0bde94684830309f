/** Provinces → cities → districts where One Card Pass operates (served to the address form). */
export const REGIONS: Record<string, Record<string, string[]>> = {
  广东省: {
    深圳市: ['南山区', '福田区', '罗湖区', '宝安区', '龙岗区', '龙华区', '盐田区', '光明区'],
    广州市: ['天河区', '越秀区', '海珠区', '荔湾区', '白云区', '番禺区'],
    东莞市: ['南城街道', '东城街道', '莞城街道', '松山湖'],
    佛山市: ['禅城区', '南海区', '顺德区'],
  },
  上海市: { 上海市: ['浦东新区', '黄浦区', '徐汇区', '静安区', '长宁区', '闵行区'] },
  北京市: { 北京市: ['朝阳区', '海淀区', '东城区', '西城区', '丰台区'] },
  浙江省: { 杭州市: ['西湖区', '上城区', '拱墅区', '滨江区', '余杭区'] },
  四川省: { 成都市: ['锦江区', '青羊区', '武侯区', '成华区', '高新区'] },
}

export const isKnownRegion = (province: string, city: string, district: string) => REGIONS[province]?.[city]?.includes(district) === true
