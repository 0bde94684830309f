-- payment providers (issue 40, server/providers/README.md): each trade names its provider ('sandbox', 'wechatpay',
-- 'alipay') and how it is paid (method: wechat_jsapi, wechat_h5, wechat_native, alipay_jsapi, alipay_wap, sandbox); the
-- provider's last answer to payparam (prepared: JSON, given again until prepared_until, ms on the server's clock); the
-- WeChat Pay sub-merchant it was opened for in service-provider mode (sub_mchid, from the shop's wxpay_sub_mchid).
-- Trades opened before are the sandbox's: channel 8's were its JSAPI stand-in, the others its cashier.
  ALTER TABLE payments ADD COLUMN provider TEXT NOT NULL DEFAULT 'sandbox';
  ALTER TABLE payments ADD COLUMN method TEXT NOT NULL DEFAULT 'sandbox';
  ALTER TABLE payments ADD COLUMN prepared TEXT;
  ALTER TABLE payments ADD COLUMN prepared_until INTEGER;
  ALTER TABLE payments ADD COLUMN sub_mchid TEXT;
  UPDATE payments SET method = 'wechat_jsapi' WHERE channel = 8;
  ALTER TABLE shops ADD COLUMN wxpay_sub_mchid TEXT;
