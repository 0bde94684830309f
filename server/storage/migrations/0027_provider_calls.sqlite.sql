-- The provider outbox (issue 28, server/domain/pay/outbox.ts): a call to the payment provider recorded in the transaction that
-- decides it and made after that transaction commits — close_trade (ref_no: the trade number) or refund (ref_no: the
-- refund number); one row per call (kind, ref_no); pending → done (result: closed / paid / asked) or failed after its
-- attempts; next_attempt_at (ms, server clock) is when it may be taken next — taking it moves it on (the backoff).
  CREATE TABLE provider_calls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('close_trade', 'refund')),
    ref_no TEXT NOT NULL,
    trade_no TEXT NOT NULL,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    amount INTEGER,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
    result TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    done_at INTEGER,
    UNIQUE (kind, ref_no)
  );
  CREATE INDEX provider_calls_due ON provider_calls(state, next_attempt_at);
