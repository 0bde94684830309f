import type { ProviderLog } from '../log'

/**
 * The SMS sender the account routes call (issue 40; server/providers/README.md). A login or sign-up code is stored first,
 * then texted (after the transaction that stored it); the route voids the code when the text did not go out, and answers
 * the shopper with the refusal's reason — never "ok" for a text nobody sent.
 *
 * - `sandbox`: keeps the code in the sandbox's outbox (GET /api/sandbox/smsOutbox) and prints it in the log.
 * - `tencent`: Tencent Cloud SMS (SendSms, API 3.0, TC3-HMAC-SHA256) with an approved signature and template.
 * - `none`: a production server without a sender: every code is refused with `sms_not_configured`.
 */

/** What the code is for (src/contract/account.ts SmsPayload). */
export type SmsScene = 'bind' | 'shopRegister'

/**
 * A definite refusal, never retried (reasons in src/contract/reasons.ts):
 * - `sms_provider_limited`: the provider's frequency limit for this number (Tencent `LimitExceeded.*`);
 * - `sms_phone_rejected`: the provider will not text this number (not a mobile number it serves, blocked);
 * - `sms_not_configured`: no sender;
 * - `sms_send_failed`: refused for a reason of the operator's (signature or template not approved, keys, balance) — logged.
 */
export type SmsRefusal = 'sms_provider_limited' | 'sms_phone_rejected' | 'sms_not_configured' | 'sms_send_failed'

/** `detail`: the provider's own code of a refusal, for the log (never shown to the shopper, never a secret). */
export type SmsOutcome = { sent: true } | { refused: SmsRefusal; detail?: string }

export interface SmsSender {
  readonly name: 'sandbox' | 'tencent' | 'none'
  /**
   * Texts `code` to `phone` (a mainland mobile number, 11 digits). A transient failure (network, timeout, 5xx, the
   * provider's InternalError) is tried again a bounded number of times; when every try failed it throws. A definite
   * refusal answers `{ refused }` at once. `log`: the request's logger (server/providers/log.ts); a sender that writes a
   * line writes it there.
   */
  send(phone: string, code: string, scene: SmsScene, log: ProviderLog): Promise<SmsOutcome>
}
