-- Member cards checked at the till (issue 23): every store_card/check, who (staff member and store), which card
-- (null: the code named no card), when (ms, server clock) and what it answered. Failed checks ('invalid') are
-- counted per staff account and per card (partial indexes) to limit guessing (server/domain/store/tillChecks.ts).
  CREATE TABLE till_checks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    staff_user_id INTEGER NOT NULL REFERENCES users(id),
    shop_id INTEGER NOT NULL REFERENCES shops(id),
    card_id INTEGER,
    result TEXT NOT NULL CHECK (result IN ('valid', 'suspended', 'expired', 'invalid', 'refused')),
    at INTEGER NOT NULL
  );
  CREATE INDEX till_checks_shop ON till_checks(shop_id, id);
  CREATE INDEX till_checks_card ON till_checks(card_id, id);
  CREATE INDEX till_checks_staff_failed ON till_checks(staff_user_id, at) WHERE result = 'invalid';
  CREATE INDEX till_checks_card_failed ON till_checks(card_id, shop_id, at) WHERE result = 'invalid';
