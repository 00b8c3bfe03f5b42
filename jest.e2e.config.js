/**
 * End-to-end suite: the packed tarball installed as a community package into a real n8n
 * (2.40.7 on Node 24, and a smoke run in 1.123.x on Node 20), driven through n8n's public API
 * against the in-process simulator. Run with `npm run test:e2e` (it builds and packs first).
 *
 * One worker, files in a fixed order (2.x first), long timeouts: a cold runtime cache installs
 * Node 24 and both n8n versions (several minutes) inside the first beforeAll.
 */
/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
	},
	testSequencer: '<rootDir>/test/e2e/support/sequencer.js',
	maxWorkers: 1,
	// Per test; the beforeAll hooks that install and start n8n pass their own (longer) timeouts.
	testTimeout: 5 * 60_000,
	slowTestThreshold: 120,
	verbose: true,
	// afterAll stops n8n and the simulator explicitly (and the harness kills n8n's process groups
	// when this process exits). Exiting regardless keeps a forgotten socket from holding CI.
	forceExit: true,
};
