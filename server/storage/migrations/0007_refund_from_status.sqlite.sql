-- A refund request remembers the status it came from (a refused request goes back to it); a card ended by
-- an upgrade names the card that replaced it.
  ALTER TABLE orders ADD COLUMN refund_from INTEGER;
  ALTER TABLE user_cards ADD COLUMN replaced_by INTEGER;
