-- Fuel (issue 13): a station's facts (brand; open hours are the shop's), its own pump numbers, the grades it
-- offers, and prices with the business day they apply from (history and scheduled changes: the price in
-- force is the latest effective_from on or before the business day). The one-price-per-grade table goes;
-- its prices apply from long ago.
  CREATE TABLE oil_stations (shop_id INTEGER PRIMARY KEY REFERENCES shops(id), brand TEXT NOT NULL);
  CREATE TABLE oil_pumps (shop_id INTEGER NOT NULL REFERENCES oil_stations(shop_id), pump_no INTEGER NOT NULL, PRIMARY KEY (shop_id, pump_no));
  CREATE TABLE oil_grades (shop_id INTEGER NOT NULL REFERENCES oil_stations(shop_id), grade TEXT NOT NULL, sort INTEGER NOT NULL, PRIMARY KEY (shop_id, grade));
  CREATE TABLE oil_price_history (
    shop_id INTEGER NOT NULL,
    grade TEXT NOT NULL,
    price INTEGER NOT NULL CHECK (price > 0),
    effective_from TEXT NOT NULL,
    PRIMARY KEY (shop_id, grade, effective_from),
    FOREIGN KEY (shop_id, grade) REFERENCES oil_grades(shop_id, grade)
  );
  INSERT INTO oil_stations (shop_id, brand) SELECT id, CASE WHEN name LIKE '中石油%' THEN '中国石油' ELSE '中国石化' END FROM shops WHERE is_oil = 1;
  INSERT INTO oil_grades (shop_id, grade, sort) SELECT shop_id, grade, CASE grade WHEN '92#' THEN 1 WHEN '95#' THEN 2 WHEN '98#' THEN 3 ELSE 4 END FROM oil_prices WHERE shop_id IN (SELECT shop_id FROM oil_stations);
  INSERT INTO oil_price_history (shop_id, grade, price, effective_from) SELECT shop_id, grade, price, '2000-01-01' FROM oil_prices WHERE shop_id IN (SELECT shop_id FROM oil_stations);
  DROP TABLE oil_prices;
