-- Where each city is (its centre, GCJ-02): website.hui_china_city/locate finds the nearest one. A city
-- without coordinates is never the answer. The demo cities of a database seeded before get theirs here.
  ALTER TABLE cities ADD COLUMN lat REAL;
  ALTER TABLE cities ADD COLUMN lng REAL;
  UPDATE cities SET lat = 22.5431, lng = 114.0579 WHERE id = 1 AND name = '深圳';
  UPDATE cities SET lat = 23.1291, lng = 113.2644 WHERE id = 2 AND name = '广州';
  UPDATE cities SET lat = 31.2304, lng = 121.4737 WHERE id = 3 AND name = '上海';
  UPDATE cities SET lat = 39.9042, lng = 116.4074 WHERE id = 4 AND name = '北京';
  UPDATE cities SET lat = 30.2741, lng = 120.1551 WHERE id = 5 AND name = '杭州';
  UPDATE cities SET lat = 30.5728, lng = 104.0668 WHERE id = 6 AND name = '成都';
  UPDATE cities SET lat = 23.0207, lng = 113.7518 WHERE id = 7 AND name = '东莞';
  UPDATE cities SET lat = 23.0215, lng = 113.1214 WHERE id = 8 AND name = '佛山';
