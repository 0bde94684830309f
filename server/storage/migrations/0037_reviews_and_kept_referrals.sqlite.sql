-- abuse of the new services (issue 43). Jobs (server/domain/jobs.ts): reports no longer hide a posting by their count;
-- they wait for the operator's review (decided_at, outcome: kept or hidden; one undecided report per shopper and posting,
-- the partial unique index), and the operator hides a posting (hidden_at). Reports the shop answered under the old rule
-- are closed as decided (no outcome). The referral contest (server/domain/referral.ts): a contest's minimum purchase
-- (min_amount, cents); a referral's qualifying purchase while it waits to be kept (order_id, paid_at), the identity it
-- was held for when it matched one already counted (held_for), the payer's keyed hash when the provider names one
-- (payer_hash); the keyed hashes of the identities already counted (referral_identities). PostgreSQL:
-- 0037_reviews_and_kept_referrals.postgres.sql.
  ALTER TABLE jobs ADD COLUMN hidden_at INTEGER;
  ALTER TABLE job_reports ADD COLUMN decided_at INTEGER;
  ALTER TABLE job_reports ADD COLUMN outcome TEXT CHECK (outcome IN ('kept', 'hidden'));
  UPDATE job_reports SET decided_at = answered_at WHERE answered_at IS NOT NULL;
  DROP INDEX job_reports_open;
  CREATE UNIQUE INDEX job_reports_open ON job_reports(job_id, user_id) WHERE decided_at IS NULL;
  CREATE INDEX job_reports_reporter ON job_reports(user_id, outcome, decided_at);
  ALTER TABLE referral_contests ADD COLUMN min_amount INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE referrals ADD COLUMN paid_at INTEGER;
  ALTER TABLE referrals ADD COLUMN held_for TEXT;
  ALTER TABLE referrals ADD COLUMN payer_hash TEXT;
  CREATE INDEX referrals_holding ON referrals(state, order_id);
  CREATE TABLE referral_identities (key_hash TEXT PRIMARY KEY, referred_id INTEGER NOT NULL, counted_at INTEGER NOT NULL);
