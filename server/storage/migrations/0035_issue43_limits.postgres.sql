-- Limits against a few throwaway accounts (issue 43): PostgreSQL's side of version 35 — redemption
-- codes guessed at the till are rows of the till's record (kind 'redemption'), limited per staff account and per store,
-- and the sweep drops the record by its time; a job contact records the client address it was asked from (postings
-- revealed per address a day), and the sweep drops contacts of days gone.
ALTER TABLE till_checks ADD COLUMN kind text NOT NULL DEFAULT 'card' CHECK (kind IN ('card', 'redemption'));
CREATE INDEX till_checks_redemption_failed ON till_checks(shop_id, at) WHERE kind = 'redemption' AND result = 'invalid';
CREATE INDEX till_checks_at ON till_checks(at);
ALTER TABLE job_contacts ADD COLUMN client text;
CREATE INDEX job_contacts_client ON job_contacts(client, day, job_id);
CREATE INDEX job_contacts_day ON job_contacts(day);
