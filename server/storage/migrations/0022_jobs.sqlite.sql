-- Jobs (issue 26, server/domain/jobs.ts): postings by shops (salaries in yuan a month; refreshed_at ms: posted, edited or
-- confirmed "still hiring" — listed for 30 days from it; closed_at ms: closed by the shop), shoppers' reports
-- (open until the shop answers; one open report per shopper and posting), and the contacts a shopper saw per
-- business day (the limit).
  CREATE TABLE jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    title TEXT NOT NULL,
    category TEXT NOT NULL,
    salary_min INTEGER NOT NULL,
    salary_max INTEGER NOT NULL,
    headcount INTEGER NOT NULL,
    hours TEXT NOT NULL,
    requirements TEXT NOT NULL,
    benefits TEXT NOT NULL,
    contact_name TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    refreshed_at INTEGER NOT NULL,
    closed_at INTEGER
  );
  CREATE INDEX jobs_shop ON jobs(shop_id);
  CREATE TABLE job_reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id INTEGER NOT NULL REFERENCES jobs(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    reason TEXT NOT NULL,
    note TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    answered_at INTEGER,
    answer TEXT
  );
  CREATE UNIQUE INDEX job_reports_open ON job_reports(job_id, user_id) WHERE answered_at IS NULL;
  CREATE TABLE job_contacts (
    user_id INTEGER NOT NULL REFERENCES users(id),
    job_id INTEGER NOT NULL REFERENCES jobs(id),
    day TEXT NOT NULL,
    seen_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, day, job_id)
  );
