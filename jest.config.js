/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// The end-to-end suites need a real n8n: npm run test:e2e, npm run test:e2e:queue, npm run test:e2e:crash; the browser suite: npm run test:ui.
	testPathIgnorePatterns: [
		'/node_modules/',
		'<rootDir>/test/e2e/',
		'<rootDir>/test/e2e-queue/',
		'<rootDir>/test/e2e-crash/',
		'<rootDir>/test/ui/',
	],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
	},
	globalSetup: '<rootDir>/test/support/globalSetup.ts',
	globalTeardown: '<rootDir>/test/support/globalTeardown.ts',
	testTimeout: 30000,
};
