-- one serial for the numbers people are shown (issue 42, server/domain/numbers.ts: order, trade and refund numbers,
-- redemption codes), never handed out twice by any process: SQLite takes it under the file's write lock (an insert into
-- an AUTOINCREMENT table, deleted at once: AUTOINCREMENT never reuses a number); PostgreSQL from the table's identity
-- sequence, without a row (0040_serials.postgres.sql). npm run db:copy sets that sequence past SQLite's mark.
CREATE TABLE serials (id INTEGER PRIMARY KEY AUTOINCREMENT);
