-- Flash-sale sessions recur every business day: a session is minutes after the day's midnight (more
-- than 1440: the next day), made into times when read. The sessions seeded before were pinned to the
-- day the database was made; their minutes count from that day's midnight.
  ALTER TABLE seckill_sessions ADD COLUMN start_minute INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE seckill_sessions ADD COLUMN end_minute INTEGER NOT NULL DEFAULT 0;
  UPDATE seckill_sessions SET
    start_minute = CAST(round((julianday(start_time) - julianday(date((SELECT MIN(start_time) FROM seckill_sessions)))) * 1440) AS INTEGER),
    end_minute = CAST(round((julianday(end_time) - julianday(date((SELECT MIN(start_time) FROM seckill_sessions)))) * 1440) AS INTEGER);
  ALTER TABLE seckill_sessions DROP COLUMN start_time;
  ALTER TABLE seckill_sessions DROP COLUMN end_time;
