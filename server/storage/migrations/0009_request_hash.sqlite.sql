-- What a create request asked for (a hash of its payload), so the same client_request_id with another
-- payload is refused instead of answered with the first order. Older orders have none (not compared).
  ALTER TABLE orders ADD COLUMN request_hash TEXT;
