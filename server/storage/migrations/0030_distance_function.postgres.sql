-- PostgreSQL's side of version 30: distance_m(lat, lng, lat2, lng2), metres between two GCJ-02
-- points — the haversine of src/contract/distance.ts distanceMeters, step for step (the same earth radius, degrees to
-- radians as (deg * pi) / 180, rounded to the metre as Math.round does: floor(x + 0.5), not
-- round(), whose ties go to even), NULL when any argument is NULL (STRICT). SQLite registers its own
-- per connection (server/storage/repo/shops.ts addDistanceFunction), calling that same JavaScript.
CREATE FUNCTION distance_m(lat double precision, lng double precision, lat2 double precision, lng2 double precision)
  RETURNS double precision
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT floor(2 * 6371008.8::double precision * asin(least(1::double precision, sqrt(h))) + 0.5) FROM (
    SELECT sin(((lat2 - lat) * pi()) / 180 / 2) * sin(((lat2 - lat) * pi()) / 180 / 2)
         + cos((lat * pi()) / 180) * cos((lat2 * pi()) / 180) * (sin(((lng2 - lng) * pi()) / 180 / 2) * sin(((lng2 - lng) * pi()) / 180 / 2)) AS h
  ) AS haversine
$$;
