-- PostgreSQL's side of version 34 (issue 40): each trade names its payment provider and
-- method, keeps the provider's last answer to payparam (prepared, given again until prepared_until, ms on the server's
-- clock) and the WeChat Pay sub-merchant it was opened for; shops get their WeChat Pay sub-merchant number. Trades opened
-- before are the sandbox's: channel 8's were its JSAPI stand-in, the others its cashier.
ALTER TABLE payments ADD COLUMN provider text NOT NULL DEFAULT 'sandbox';
ALTER TABLE payments ADD COLUMN method text NOT NULL DEFAULT 'sandbox';
ALTER TABLE payments ADD COLUMN prepared text;
ALTER TABLE payments ADD COLUMN prepared_until bigint;
ALTER TABLE payments ADD COLUMN sub_mchid text;
UPDATE payments SET method = 'wechat_jsapi' WHERE channel = 8;
ALTER TABLE shops ADD COLUMN wxpay_sub_mchid text;
