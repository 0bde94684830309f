-- Abuse of the new services (issue 43): PostgreSQL's side of version 37 — job reports wait for
-- the operator's review (one undecided report per shopper and posting) and the operator hides a posting; the referral
-- contest's minimum purchase, a referral's qualifying purchase while it waits to be kept, and the identities counted.
ALTER TABLE jobs ADD COLUMN hidden_at bigint;
ALTER TABLE job_reports ADD COLUMN decided_at bigint;
ALTER TABLE job_reports ADD COLUMN outcome text CHECK (outcome IN ('kept', 'hidden'));
UPDATE job_reports SET decided_at = answered_at WHERE answered_at IS NOT NULL;
DROP INDEX job_reports_open;
CREATE UNIQUE INDEX job_reports_open ON job_reports(job_id, user_id) WHERE decided_at IS NULL;
CREATE INDEX job_reports_reporter ON job_reports(user_id, outcome, decided_at);
ALTER TABLE referral_contests ADD COLUMN min_amount bigint NOT NULL DEFAULT 0;
ALTER TABLE referrals ADD COLUMN paid_at bigint;
ALTER TABLE referrals ADD COLUMN held_for text;
ALTER TABLE referrals ADD COLUMN payer_hash text;
CREATE INDEX referrals_holding ON referrals(state, order_id);
CREATE TABLE referral_identities (key_hash text PRIMARY KEY, referred_id bigint NOT NULL, counted_at bigint NOT NULL);
