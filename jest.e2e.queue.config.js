/**
 * Queue-mode suite: n8n 2.40.7 in queue mode (Postgres and Redis from Debian packages, main, two
 * webhook processes behind a balancer, one worker; scripts/e2e/lib/queue-mode.ts) with the packed
 * package and examples/queue-mode-guard.json. Run with `npm run test:e2e:queue` (it builds and
 * packs first). A cold machine installs postgresql and redis-server with apt-get in beforeAll.
 */
/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e-queue'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
	},
	maxWorkers: 1,
	testTimeout: 5 * 60_000,
	slowTestThreshold: 120,
	verbose: true,
	// afterAll stops everything by pid; exiting regardless keeps a forgotten socket from holding CI.
	forceExit: true,
};
