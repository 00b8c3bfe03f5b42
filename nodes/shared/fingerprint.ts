import { createHash } from 'node:crypto';

/** Identifies a code or token without storing it. */
export function fingerprint(value: string): string {
	return createHash('sha256').update(value).digest('hex').slice(0, 32);
}
