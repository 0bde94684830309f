-- WeChat Pay's order number of a paid trade (issue 26, the receipt page in WeChat Pay's frame, server/domain/pay/receipt.ts): the
-- provider's `transaction_id`, given with its success notification (the sandbox provider issues one); null before,
-- and for notifications that carried none.
  ALTER TABLE payments ADD COLUMN transaction_id TEXT;
  CREATE UNIQUE INDEX payments_transaction ON payments(transaction_id) WHERE transaction_id IS NOT NULL;
