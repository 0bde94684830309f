-- Home's content and the platform's lists in the console (issue 45,
-- server/domain/console/home.ts): Home's banners as rows (a picture of this server, the title in Chinese and English,
-- one of the app's own pages, the place in the carousel, an optional window — shows_from / shows_until, ms — and
-- withdrawn_at ms or NULL; none in a production database: Home draws without a carousel); Home's service grid as the
-- operator ordered it (a module without a row keeps its place after those with one, shown); a city's and a business
-- class's English name (NULL: the system's, server/domain/names.ts) and hidden_at ms (NULL: offered to new sign-ups
-- and in the filters; a hidden one stays on the shops filed under it). PostgreSQL: 0044_home_content.postgres.sql.
  CREATE TABLE home_banners (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    image TEXT NOT NULL,
    title TEXT NOT NULL,
    title_en TEXT NOT NULL,
    path TEXT NOT NULL,
    position INTEGER NOT NULL,
    shows_from INTEGER,
    shows_until INTEGER,
    withdrawn_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE home_modules (key TEXT PRIMARY KEY, position INTEGER NOT NULL, shown INTEGER NOT NULL);
  ALTER TABLE cities ADD COLUMN name_en TEXT;
  ALTER TABLE cities ADD COLUMN hidden_at INTEGER;
  ALTER TABLE business_classes ADD COLUMN name_en TEXT;
  ALTER TABLE business_classes ADD COLUMN hidden_at INTEGER;
