-- Redemption codes guessed at the till (issue 43): the PostgreSQL twin of server/storage/db.ts MIGRATIONS 32 — the till's
-- record counts them as rows of kind 'redemption' (limited per staff account and per store), and the sweep drops rows
-- by their time.
ALTER TABLE till_checks ADD COLUMN kind text NOT NULL DEFAULT 'card' CHECK (kind IN ('card', 'redemption'));
CREATE INDEX till_checks_redemption_failed ON till_checks(shop_id, at) WHERE kind = 'redemption' AND result = 'invalid';
CREATE INDEX till_checks_at ON till_checks(at);
