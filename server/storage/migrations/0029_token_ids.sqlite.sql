-- sessions get an id column (issue 28): they were addressed by SQLite's rowid, which PostgreSQL has not. The
-- table is rebuilt (SQLite cannot add a primary key); each session keeps its number (id = the old rowid), so signed-in
-- devices and the session list are untouched. Nothing references tokens.
  CREATE TABLE tokens_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    hash TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL DEFAULT 0,
    last_seen_at INTEGER NOT NULL DEFAULT 0,
    device TEXT NOT NULL DEFAULT ''
  );
  INSERT INTO tokens_new (id, hash, user_id, expires_at, created_at, last_seen_at, device)
    SELECT rowid, hash, user_id, expires_at, created_at, last_seen_at, device FROM tokens ORDER BY rowid;
  DROP TABLE tokens;
  ALTER TABLE tokens_new RENAME TO tokens;
  CREATE INDEX tokens_user ON tokens(user_id);
  CREATE INDEX tokens_expiry ON tokens(expires_at);
