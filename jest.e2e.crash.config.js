/**
 * Crash test: SIGKILL/SIGTERM of a real n8n 2.40.7 in the middle of a burst of pushes, restart,
 * redeliveries; executions counted per push (test/e2e-crash). Run with `npm run test:e2e:crash`
 * (it builds and packs first). Its own config so CI runs it as a separate step after test:e2e.
 */
/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e-crash'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
	},
	maxWorkers: 1,
	// Per round; the beforeAll that installs and starts n8n passes its own (longer) timeout.
	testTimeout: 10 * 60_000,
	slowTestThreshold: 300,
	verbose: true,
	// afterAll stops n8n and the simulator; exiting regardless keeps a forgotten socket from holding CI.
	forceExit: true,
};
