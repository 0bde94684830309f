-- Merchant sign-up (issue 26, server/domain/merchant.ts): applications (one row per applicant, edited when resubmitted after
-- a rejection; rejections: JSON field → why; times ms on the server's clock; shop_id once approved), and a role per
-- staff member: 'owner' (the applicant of an approved application) or 'staff' — the rows before this were made
-- staff by the seed or by hand, none by an application, so they stay 'staff'.
  CREATE TABLE merchant_applications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL UNIQUE REFERENCES users(id),
    status TEXT NOT NULL CHECK (status IN ('submitted', 'in_review', 'approved', 'rejected')),
    shop_name TEXT NOT NULL,
    class_id INTEGER NOT NULL REFERENCES business_classes(id),
    contact_name TEXT NOT NULL,
    mobile TEXT NOT NULL,
    city_id INTEGER NOT NULL REFERENCES cities(id),
    district TEXT NOT NULL,
    address TEXT NOT NULL,
    lat REAL,
    lng REAL,
    hours TEXT NOT NULL,
    discount_rate INTEGER NOT NULL,
    licence_image TEXT NOT NULL,
    storefront_image TEXT NOT NULL,
    rejections TEXT NOT NULL DEFAULT '{}',
    shop_id INTEGER REFERENCES shops(id),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    reviewed_at INTEGER
  );
  CREATE INDEX merchant_applications_mobile ON merchant_applications(mobile, status);
  CREATE INDEX merchant_applications_status ON merchant_applications(status, id);
  ALTER TABLE store_staff ADD COLUMN role TEXT NOT NULL DEFAULT 'staff' CHECK (role IN ('owner', 'staff'));
