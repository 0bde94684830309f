-- PostgreSQL's distance_m (0030_distance_function.postgres.sql); SQLite registers it per connection
-- (server/storage/repo/shops.ts addDistanceFunction). A no-op here, so both engines count the same versions.
SELECT 1;
