-- the operator's console (issue 45, server/domain/console/): operators (a unique lower-case username, a name, one
-- role, the password's scrypt hash with its salt, the TOTP secret and the last TOTP step used — a code is accepted once
-- — disabled_at ms or NULL, created_at ms, created_by: the operator who made it, NULL from the command line or the demo
-- seed); their sessions (only the token's SHA-256, never the token; expires_at the absolute end, last_seen_at for the
-- idle end; a row ends with the session); the audit trail (who, when in ms, `<area>.<verb>`, what — kind and id — and
-- the row before and after as JSON, and the operator's reason), written in the transaction of the write it records.
-- PostgreSQL: 0041_operators.postgres.sql.
  CREATE TABLE operators (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'content', 'finance', 'reviewer')),
    password_hash TEXT NOT NULL,
    totp_secret TEXT NOT NULL,
    totp_last_step INTEGER NOT NULL DEFAULT 0,
    disabled_at INTEGER,
    created_at INTEGER NOT NULL,
    created_by INTEGER REFERENCES operators(id)
  );
  CREATE TABLE operator_sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT NOT NULL UNIQUE,
    operator_id INTEGER NOT NULL REFERENCES operators(id),
    expires_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX operator_sessions_operator ON operator_sessions(operator_id);
  CREATE TABLE operator_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    operator_id INTEGER NOT NULL REFERENCES operators(id),
    at INTEGER NOT NULL,
    action TEXT NOT NULL,
    target_kind TEXT NOT NULL,
    target_id TEXT,
    before_json TEXT,
    after_json TEXT,
    reason TEXT
  );
  CREATE INDEX operator_audit_operator ON operator_audit(operator_id, id);
  CREATE INDEX operator_audit_action ON operator_audit(action, id);
