-- a fuel station's grades and pumps in the console (issue 45, server/domain/console/fuelStations.ts): a grade
-- switched off (off_at ms; NULL while offered) keeps its row and its prices (price changes and orders point at it);
-- shoppers no longer see or order it. PostgreSQL: 0046_fuel_stations.postgres.sql.
  ALTER TABLE oil_grades ADD COLUMN off_at INTEGER;
