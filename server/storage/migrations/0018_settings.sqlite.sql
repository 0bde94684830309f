-- The server's settings shared by every process on the file (issue 27): today the sandbox's clock offsets
-- (server/time.ts: clock_offset_ms, carrier_offset_ms; values are text).
  CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
