-- Discount days (issue 26, server/domain/discountDay/discountDay.ts): the days (business days, "YYYY-MM-DD"), the shops taking part with
-- their extra rate (percent paid after the shop's and the card's discounts), and the reminders shoppers asked for
-- (the sandbox's stand-in for the subscription message: recorded, never sent).
  CREATE TABLE discount_days (day TEXT PRIMARY KEY);
  CREATE TABLE discount_day_shops (shop_id INTEGER PRIMARY KEY REFERENCES shops(id), extra_rate INTEGER NOT NULL CHECK (extra_rate BETWEEN 50 AND 99));
  CREATE TABLE discount_day_reminders (
    user_id INTEGER NOT NULL REFERENCES users(id),
    day TEXT NOT NULL,
    template_id TEXT NOT NULL,
    granted_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, day)
  );
