-- WeChat's server API and login (issue 40; server/providers/wechat). wechat_tokens: an access_token (per app id) or a
-- jsapi_ticket (per official account) every process shares — its value and when it expires (ms), a refresh lease
-- (lease_until: the process that took it refreshes; the others wait or use the value still valid) and the last forced
-- refresh (forced_at: at most one every 30 s over all processes; WeChat allows 20 a day). wechat_messages: the subscription
-- messages' outbox (server/domain/takeout/subscriptions.ts, discount-day reminders) — recorded in the transaction that
-- decides a message, sent after it commits; pending → sent, refused (43101: the shopper's consent is gone, final),
-- skipped (no openid to send to) or failed (a definite error or out of attempts; errcode kept). The sandbox's outbox view
-- (GET /api/sandbox/messages) lists these rows; sandbox_messages' rows are copied in (the table is no longer written).
-- users.wx_unionid: the UnionID jscode2session or the official account's OAuth answers, when the apps share an open platform.
-- PostgreSQL: 0036_wechat.postgres.sql.
  CREATE TABLE wechat_tokens (
    app_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('access_token', 'jsapi_ticket')),
    value TEXT,
    expires_at INTEGER NOT NULL DEFAULT 0,
    lease_until INTEGER NOT NULL DEFAULT 0,
    forced_at INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (app_id, kind)
  );
  CREATE TABLE wechat_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    order_id INTEGER,
    touser TEXT,
    template_id TEXT NOT NULL,
    event TEXT NOT NULL,
    page TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'refused', 'skipped', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    errcode INTEGER,
    last_error TEXT,
    done_at INTEGER
  );
  CREATE INDEX wechat_messages_due ON wechat_messages(state, next_attempt_at);
  CREATE INDEX wechat_messages_order ON wechat_messages(order_id, id);
  INSERT INTO wechat_messages (user_id, order_id, touser, template_id, event, page, data, created_at, state, next_attempt_at, done_at)
    SELECT user_id, order_id, touser, template_id, event, page, data, created_at, 'sent', created_at, created_at FROM sandbox_messages ORDER BY id;
  ALTER TABLE users ADD COLUMN wx_unionid TEXT;
