import { sqliteQuery } from '../../server/storage/query'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../../server/http/app'
import * as fuel from '../../server/storage/repo/fuel'
import { LONG_AGO } from '../../server/demo/seed'
import { openAtVersion, versionBefore } from './oldDatabase'
import { sqliteOf } from './helpers'

/** A database seeded before fuel (one price per grade in oil_prices) keeps its prices, and gets brands, pumps and the new stations. */
it('carries the old one-price table over as prices from long ago and adds the demo stations', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-fuel-mig-'))
  const file = path.join(dir, 'old.sqlite')
  const old = openAtVersion(file, versionBefore('CREATE TABLE oil_stations'))
  old.exec("INSERT INTO cities (id, name, pinyin, hot) VALUES (1, '深圳', 'shenzhen', 1), (2, '广州', 'guangzhou', 1)")
  old.exec("INSERT INTO business_classes (id, name, icon, sort) VALUES (5, '加油站', '', 4)")
  const shop = old.prepare("INSERT INTO shops (id, name, class_id, city_id, address, lat, lng, phone, hours, rating, discount_rate, image, intro, is_oil) VALUES (?, ?, 5, ?, '', 22.5, 113.9, '', '09:00-22:00', 4, 96, '', '', 1)")
  shop.run(6, '中石化科苑站', 1)
  shop.run(7, '中石油深南站', 1)
  shop.run(12, '广州天河加油站', 2)
  old.exec("INSERT INTO oil_prices (shop_id, grade, price) VALUES (6, '92#', 700), (7, '95#', 801), (12, '0#', 650)")
  old.close()

  const app = await buildApp({ dbPath: file, sandbox: true, sandboxKey: 'k' })
  try {
    const db = sqliteOf(app)
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'oil_prices'").get()).toBeUndefined()
    expect(db.prepare("SELECT price, effective_from FROM oil_price_history WHERE shop_id = 7 AND grade = '95#' ORDER BY effective_from").all()).toEqual([{ price: 801, effective_from: LONG_AGO }])
    expect(db.prepare('SELECT shop_id, brand FROM oil_stations ORDER BY shop_id').all()).toEqual([
      { shop_id: 6, brand: '中国石化' },
      { shop_id: 7, brand: '中国石油' },
      { shop_id: 12, brand: '中国石化' },
      { shop_id: 13, brand: '壳牌' },
      { shop_id: 14, brand: '中国石油' },
      { shop_id: 15, brand: '中国石化' },
      { shop_id: 16, brand: '壳牌' },
    ])
    expect(await fuel.pumps(sqliteQuery(db), 12)).toHaveLength(10)
    // Its old price stays; the grades it lacked come with the demo's prices.
    expect((await fuel.pricesOn(sqliteQuery(db), 12, '2030-01-01')).find((g) => g.grade === '0#')?.price).toBe(650)
    expect((await fuel.pricesOn(sqliteQuery(db), 12, '2030-01-01')).map((g) => g.grade)).toEqual(['92#', '95#', '98#', '0#'])
  } finally {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
