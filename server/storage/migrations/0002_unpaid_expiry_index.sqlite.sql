-- The unpaid-order sweep runs before order reads: find expired unpaid orders without a scan.
CREATE INDEX orders_unpaid_expiry ON orders(status, expire_at);
