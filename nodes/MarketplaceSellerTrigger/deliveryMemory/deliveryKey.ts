/**
 * Delivery key: the identity of one notification across redeliveries.
 *
 * The marketplace sends no event id (docs/marketplace-api/notifications.md#envelope), and two events sent in the same second
 * carry identical signature headers (9.4), so the key is a hash of the canonical envelope:
 * eventType, shipmentId, returnId, timestamp and attributes, with object keys sorted
 * recursively (array order is kept: it is data). source, version and locationId are left out
 * on purpose; they do not distinguish two events of the same shipment at the same time.
 *
 * Hash: SHA-256. The output's `dedupKey` shows 128 bits of it; the store remembers the first 66
 * bits (11 base64url characters), because every remembered key is written to the workflow row
 * with every accepted push (docs/trigger-durability.md#the-stored-text). A new push is taken for
 * a copy only if its 66 bits equal those of one of the n remembered keys: a chance of n / 2^66
 * per push, about 1.4e-16 at the default bound of 10^4 keys and 1.4e-15 at the largest bound
 * (10^5). Even ten thousand sellers at 10^4 pushes a day would expect one such loss in about
 * 200,000 years.
 */
import { createHash } from 'node:crypto';

import { ExactNumber } from './exactJson';

/** Bytes of the SHA-256 digest that are kept. */
export const DELIVERY_KEY_BYTES = 16;
/** Length of the compact form of a key: the first 66 bits of the digest in base64url. */
export const COMPACT_KEY_LENGTH = 11;

/** Deeper envelopes are not canonicalised (no real event nests anywhere near this). */
export const MAX_CANONICAL_DEPTH = 64;

export interface DeliveryKey {
	/** 32 lowercase hex characters: shown to the user as `dedupKey`. */
	hex: string;
	/** The first 11 base64url characters of the same 16 bytes: what the store remembers. */
	compact: string;
}

/** Appends the canonical text of `value` to `out.text`; false when nesting is too deep. */
function canonical(value: unknown, depth: number, out: { text: string }): boolean {
	if (depth > MAX_CANONICAL_DEPTH) return false;
	if (value === null || value === undefined) {
		out.text += 'null';
		return true;
	}
	switch (typeof value) {
		case 'string':
			out.text += JSON.stringify(value);
			return true;
		case 'number':
			out.text += Number.isFinite(value) ? JSON.stringify(value) : 'null';
			return true;
		case 'boolean':
			out.text += value ? 'true' : 'false';
			return true;
		case 'object':
			if (value instanceof ExactNumber) {
				out.text += value.text;
				return true;
			}
			break;
		default:
			// bigint, symbol, function: cannot come from a JSON body.
			out.text += 'null';
			return true;
	}
	if (Array.isArray(value)) {
		out.text += '[';
		for (let i = 0; i < value.length; i += 1) {
			if (i > 0) out.text += ',';
			if (!canonical(value[i], depth + 1, out)) return false;
		}
		out.text += ']';
		return true;
	}
	const record = value as Record<string, unknown>;
	const keys = Object.keys(record).sort();
	out.text += '{';
	let first = true;
	for (const key of keys) {
		const member = record[key];
		if (member === undefined) continue;
		out.text += first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`;
		first = false;
		if (!canonical(member, depth + 1, out)) return false;
	}
	out.text += '}';
	return true;
}

/**
 * Canonical JSON text of a value: object keys sorted by UTF-16 code units, no whitespace,
 * undefined members dropped. Undefined when nesting exceeds MAX_CANONICAL_DEPTH.
 */
export function canonicalJson(value: unknown): string | undefined {
	const out = { text: '' };
	return canonical(value, 0, out) ? out.text : undefined;
}

/** The fields of an envelope that make up its identity, in a fixed order. */
export function deliveryIdentity(envelope: Record<string, unknown>): unknown[] {
	return [
		envelope.eventType,
		envelope.shipmentId ?? null,
		envelope.returnId ?? null,
		envelope.timestamp ?? null,
		envelope.attributes ?? null,
	];
}

/** The delivery key of an envelope, or undefined when it nests too deeply to canonicalise. */
export function deliveryKeyOf(envelope: Record<string, unknown>): DeliveryKey | undefined {
	const text = canonicalJson(deliveryIdentity(envelope));
	if (text === undefined) return undefined;
	const digest = createHash('sha256').update(text).digest().subarray(0, DELIVERY_KEY_BYTES);
	return { hex: digest.toString('hex'), compact: compactOfDigest(digest) };
}

function compactOfDigest(digest: Buffer): string {
	return digest.toString('base64url').slice(0, COMPACT_KEY_LENGTH);
}

/** The compact form of a `dedupKey` (32 hex characters), as the store remembers it. */
export function compactKeyOfHex(hex: string): string {
	return compactOfDigest(Buffer.from(hex, 'hex'));
}
