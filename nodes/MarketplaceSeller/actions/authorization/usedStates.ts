/**
 * The onboarding operations accept each state once (docs/marketplace-seller-node.md#what-onboarding-guarantees):
 * the states they accepted are remembered in the node's workflow static data until they expire.
 * Entries are fixed-size (a fingerprint and an expiry time), so the memory is bounded in bytes by
 * its entry count. When it is full of unexpired states a new one is refused rather than an old one
 * forgotten: forgetting would let that state be used again.
 */
import type { IDataObject } from 'n8n-workflow';

import { fingerprint } from '../../../shared/fingerprint';

/** About 100 KB of static data at most (an entry is about 45 bytes of JSON). */
export const USED_STATES_MAX = 2_000;

export type StateMemoryAnswer = 'fresh' | 'used' | 'full';

function entries(memory: IDataObject): IDataObject {
	const current = memory.usedStates;
	if (current !== null && typeof current === 'object' && !Array.isArray(current))
		return current as IDataObject;
	memory.usedStates = {};
	return memory.usedStates as IDataObject;
}

/**
 * Records `state` as used until `expiresAtSeconds`. Answers `used` when it was recorded before,
 * `full` when no room is left (nothing recorded), `fresh` when it is recorded now.
 */
export function rememberState(
	memory: IDataObject,
	state: string,
	expiresAtSeconds: number,
	nowSeconds: number,
): StateMemoryAnswer {
	const used = entries(memory);
	let count = 0;
	for (const [key, expiry] of Object.entries(used)) {
		if (typeof expiry !== 'number' || expiry <= nowSeconds) delete used[key];
		else count++;
	}
	const key = fingerprint(state);
	if (used[key] !== undefined) return 'used';
	if (count >= USED_STATES_MAX) return 'full';
	used[key] = expiresAtSeconds;
	return 'fresh';
}
