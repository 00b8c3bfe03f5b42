/**
 * Queue-mode crash test: n8n 2.40.7 in queue mode (scripts/e2e/lib/queue-mode.ts) with a worker
 * or a webhook process SIGKILLed mid-burst and restarted (test/e2e-queue/*.crash.test.ts). Run
 * with `npm run test:e2e:queue:crash` (it builds and packs first). Its own config and state
 * folder (.e2e/queue-crash), so CI runs it as a separate step after test:e2e:queue.
 */
/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e-queue'],
	testMatch: ['**/*.crash.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
	},
	maxWorkers: 1,
	// Per round: a killed worker's job needs Bull's lock and stalled check (about 90 s) to fail.
	testTimeout: 10 * 60_000,
	slowTestThreshold: 300,
	verbose: true,
	// afterAll stops everything by pid; exiting regardless keeps a forgotten socket from holding CI.
	forceExit: true,
};
