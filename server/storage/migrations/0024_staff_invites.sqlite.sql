-- Staff invites (issue 26, server/domain/store/staff.ts): a store's one-time invites — the code's SHA-256 only (the code is shown
-- once, to the owner who made it), who made it, when it expires (ms, server clock), who used it and when, or when
-- the owner withdrew it.
  CREATE TABLE staff_invites (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    code_hash TEXT NOT NULL UNIQUE,
    created_by INTEGER NOT NULL REFERENCES users(id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_by INTEGER REFERENCES users(id),
    used_at INTEGER,
    revoked_at INTEGER
  );
  CREATE INDEX staff_invites_shop ON staff_invites(shop_id, id);
