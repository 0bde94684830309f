-- Parcels (issue 14): a shipped mall order's carrier and tracking number, when it went out (ms, on the
-- carrier's clock) and who shipped it; its tracking events stored as they come due (server/domain/shipping.ts).
  CREATE TABLE shipments (
    order_id INTEGER PRIMARY KEY REFERENCES orders(id),
    carrier TEXT NOT NULL,
    tracking_no TEXT NOT NULL,
    shipped_at INTEGER NOT NULL,
    shipped_by INTEGER REFERENCES users(id)
  );
  CREATE TABLE parcel_events (
    order_id INTEGER NOT NULL REFERENCES shipments(order_id),
    state TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (order_id, state)
  );
