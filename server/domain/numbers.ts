import crypto from 'node:crypto'
import type { Q } from '../storage/query'
import { nextSerial } from '../storage/repo/serials'
import { inBusinessZone, nowMs } from '../time'

/**
 * Every generated number people are shown, read aloud or type in (issue 42; docs/api.md "Numbers people are shown"),
 * made here and only here, each with why it cannot collide. The unique part is the database's serial
 * (server/storage/repo/serials.ts: PostgreSQL's sequence, SQLite's AUTOINCREMENT under the write lock) — one counter
 * for every process on every machine of the start, so uniqueness needs no retry on the unique key and no per-process
 * configuration. The time in front is for people (which day, which second); random digits are added where the number
 * must also be hard to guess or must stay apart from another database's numbers at the payment provider.
 *
 * Before issue 42 an order number was `OCP` + the time to the second + a random 6 digits: two orders of one second
 * shared a number in ~0.5 % of the seconds at ~100 orders a second (birthday bound over 900 000 values), and the
 * unique key answered 500. Numbers made the old way are 23 characters (order) and keep their shape; none made here
 * has their length until the serial passes 10^11, so old and new never meet.
 */

const digits = (n: number, width: number) => String(n).padStart(width, '0')

/** `width` random decimal digits (crypto's generator). */
const randomDigits = (width: number) => digits(crypto.randomInt(0, 10 ** width), width)

/**
 * An order's number: `OCP` + its business day (YYYYMMDD) + the serial, 8 digits or more — `OCP2026120600012345`,
 * 19 characters. Unique: the serial is. Not secret (shown on the order, in messages); the provider never sees it.
 */
export async function orderNumber(db: Q, now = nowMs()): Promise<string> {
  return `OCP${inBusinessZone(now).format('YYYYMMDD')}${digits(await nextSerial(db), 8)}`
}

/**
 * A trade's number (the provider's out_trade_no: at most 32 of [0-9A-Za-z], WeChat Pay): `T` + business time to the
 * second (YYMMDDHHmmss) + the serial (8 digits or more) + 8 random digits — 29 characters. Unique in the database: the
 * serial. Unique at the provider, which also sees other databases' numbers on the same merchant account (a restored
 * backup, whose serial runs again from an earlier point; a staging database on the live account by mistake): the time
 * moves on between the two, and the random digits (1 in 10^8) part two numbers made in the same second with the same
 * serial. Hard to guess (the sandbox's cashier settles by trade number): the random digits.
 */
export async function tradeNumber(db: Q, now = nowMs()): Promise<string> {
  return `T${inBusinessZone(now).format('YYMMDDHHmmss')}${digits(await nextSerial(db), 8)}${randomDigits(8)}`
}

/**
 * A refund's number (the provider's out_refund_no, which it treats as the refund's identity: a number it has seen
 * answers that refund's state, so a repeat would silently skip a refund): `R` + the trade number's shape — unique the
 * same three ways.
 */
export async function refundNumber(db: Q, now = nowMs()): Promise<string> {
  return `R${inBusinessZone(now).format('YYMMDDHHmmss')}${digits(await nextSerial(db), 8)}${randomDigits(8)}`
}

/**
 * An order's redemption code (mall pick-up and takeout pick-up at the till: typed or scanned by the store, read aloud
 * by the shopper; 6–32 digits in the contract): 6 random digits + the serial, 6 digits or more — 12 digits until the
 * millionth code. Unique: two codes of one length have their serial at the same place, and serials differ; codes of
 * different lengths differ. Hard to guess (whoever holds it collects the goods): 1 in 10^6 for a known serial, and a
 * code is accepted only by the order's own store, whose staff type it. Before issue 42 it was 12 random digits, and two
 * orders could share one (the till looked up the newest: it would have redeemed the wrong order).
 */
export async function redemptionCode(db: Q): Promise<string> {
  return `${randomDigits(6)}${digits(await nextSerial(db), 6)}`
}

/**
 * A store's staff invite (a link or a code pasted once, never read aloud): 128 random bits, base64url, kept only as its
 * hash (UNIQUE). It is a secret, so it has no serial that would make it guessable; two invites collide with a
 * probability under 10^-20 even after 10^9 of them (birthday bound over 2^128), and the unique key refuses the second.
 */
export const inviteCode = (): string => crypto.randomBytes(16).toString('base64url')

/**
 * A membership card's number, from its owner and the order that bought it (one card per paid order): `8` + the user's id
 * + the order's id, each 6 digits — or, once either is longer, both padded to the longer one's width. Unique: numbers of
 * one length hold both ids at fixed places (and a card has one order); lengths are always odd, so a number of one
 * width never equals one of another. Below a million users and orders it is the number cards had before issue 42,
 * whose unpadded form (a 7-digit id beside a 6-digit one) could collide.
 */
export function cardNumber(userId: number, orderId: number): string {
  const width = Math.max(6, String(userId).length, String(orderId).length)
  return `8${digits(userId, width)}${digits(orderId, width)}`
}
