-- Many processes (issue 28, docs/multi-process.md): what one process's memory held and every process must see — the
-- per-client request limits (server/http/clientLimits.ts: a key = route + client address, its window's end, ms on the
-- server's clock, and the requests counted in it) and the sandbox's SMS outbox (server/sandbox/sandbox.ts; the newest 200).
  CREATE TABLE client_limits (
    key TEXT PRIMARY KEY,
    window_ends_at INTEGER NOT NULL,
    hits INTEGER NOT NULL
  );
  CREATE TABLE sandbox_sms (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    phone TEXT NOT NULL,
    code TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX sandbox_sms_phone ON sandbox_sms(phone, id);
