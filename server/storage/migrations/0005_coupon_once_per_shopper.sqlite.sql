-- One of each coupon per shopper, kept by the database (a claim cannot double under any engine or any
-- number of processes). Duplicates from before are merged first: per shopper and coupon the row that
-- went furthest (used, then locked, then available, then the oldest) stays, orders that pointed at a
-- merged row point at it, the others go. Amounts on orders are untouched.
  CREATE TEMP TABLE coupon_keep AS
    SELECT uc.id, (SELECT k.id FROM user_coupons k WHERE k.user_id = uc.user_id AND k.coupon_id = uc.coupon_id
      ORDER BY CASE k.status WHEN 'used' THEN 0 WHEN 'locked' THEN 1 WHEN 'available' THEN 2 ELSE 3 END, k.id LIMIT 1) AS keep_id
    FROM user_coupons uc;
  UPDATE orders SET user_coupon_id = (SELECT keep_id FROM coupon_keep WHERE coupon_keep.id = orders.user_coupon_id)
    WHERE user_coupon_id IN (SELECT id FROM coupon_keep WHERE keep_id <> id);
  DELETE FROM user_coupons WHERE id IN (SELECT id FROM coupon_keep WHERE keep_id <> id);
  DROP TABLE coupon_keep;
  CREATE UNIQUE INDEX user_coupons_one_each ON user_coupons(user_id, coupon_id);
