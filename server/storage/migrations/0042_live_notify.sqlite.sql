-- nothing on SQLite: PostgreSQL's writes announce live changes (LISTEN/NOTIFY, issue 42,
-- 0042_live_notify.postgres.sql); on SQLite the live streams' check reads the database every 500 ms as before.
SELECT 1;
