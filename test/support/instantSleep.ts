/**
 * n8n-workflow with its `sleep` (the one the nodes wait with between retries) replaced by one that
 * records the delay asked for and returns at once: retry tests check the waits the transport
 * chooses without waiting for them or reading the clock. n8n-core waits with its own sleep and is
 * not affected. In a test file:
 *
 *   jest.mock('n8n-workflow', () => jest.requireActual<typeof import('../support/instantSleep')>('../support/instantSleep').withInstantSleep());
 *   import { takeSleeps } from '../support/instantSleep';
 */
const requested: number[] = [];

export function withInstantSleep(): typeof import('n8n-workflow') {
	const actual = jest.requireActual<typeof import('n8n-workflow')>('n8n-workflow');
	return {
		...actual,
		sleep: async (ms: number) => {
			requested.push(ms);
		},
	};
}

/** The delays (ms) the nodes asked `sleep` for since the last call, oldest first. */
export function takeSleeps(): number[] {
	return requested.splice(0, requested.length);
}
