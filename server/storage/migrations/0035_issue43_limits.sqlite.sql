-- limits against a few throwaway accounts (issue 43). Redemption codes guessed at the till
-- (server/domain/store/tillChecks.ts): the till's record counts them too, as rows of kind 'redemption' (a code that named
-- no order of the store: result 'invalid'; card_id null), limited per staff account and per store like the member-code
-- checks (kind 'card', every row before this); the sweep drops rows older than TILL_CHECKS_KEEP_DAYS by their time. A
-- job contact records the client address it was asked from (server/domain/jobs.ts: postings revealed per address a day;
-- null before this), and the sweep drops contacts of days gone. PostgreSQL: 0035_issue43_limits.postgres.sql.
  ALTER TABLE till_checks ADD COLUMN kind TEXT NOT NULL DEFAULT 'card' CHECK (kind IN ('card', 'redemption'));
  CREATE INDEX till_checks_redemption_failed ON till_checks(shop_id, at) WHERE kind = 'redemption' AND result = 'invalid';
  CREATE INDEX till_checks_at ON till_checks(at);
  ALTER TABLE job_contacts ADD COLUMN client TEXT;
  CREATE INDEX job_contacts_client ON job_contacts(client, day, job_id);
  CREATE INDEX job_contacts_day ON job_contacts(day);
