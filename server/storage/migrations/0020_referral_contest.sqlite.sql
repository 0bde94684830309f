-- The referral contest (issue 26, server/domain/referral.ts): contests (ms instants, titles and prizes in zh and en as JSON);
-- a referral per referred account (recorded when it first binds through a share; pending until its first paid
-- order, then confirmed once, or void when its phone was counted before); the keyed hashes (HMAC) of phones
-- already counted, kept after an account is deleted so a phone never counts twice; shoppers who hid their name.
  CREATE TABLE referral_contests (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    title_en TEXT NOT NULL,
    start_at INTEGER NOT NULL,
    end_at INTEGER NOT NULL,
    prizes TEXT NOT NULL
  );
  CREATE TABLE referrals (
    referred_id INTEGER PRIMARY KEY REFERENCES users(id),
    referrer_id INTEGER NOT NULL REFERENCES users(id),
    phone_hash TEXT NOT NULL,
    bound_at INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'confirmed', 'void')),
    confirmed_at INTEGER,
    order_id INTEGER REFERENCES orders(id)
  );
  CREATE INDEX referrals_referrer ON referrals(referrer_id, state);
  CREATE INDEX referrals_confirmed ON referrals(state, confirmed_at);
  CREATE TABLE referral_phones (phone_hash TEXT PRIMARY KEY, counted_at INTEGER NOT NULL);
  CREATE TABLE referral_hidden (user_id INTEGER PRIMARY KEY REFERENCES users(id));
