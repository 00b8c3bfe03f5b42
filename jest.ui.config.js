/**
 * Browser suite: the package in the real n8n 2.40.7 editor, driven in headless Chromium
 * (Debian's chromium, installed by scripts/ensure-chromium.sh when missing) by playwright-core.
 * Run with `npm run test:ui` (it builds and packs first). One file, one n8n, one browser.
 */
/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/ui'],
	testMatch: ['**/*.ui.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
	},
	maxWorkers: 1,
	testTimeout: 3 * 60_000,
	verbose: true,
	forceExit: true,
};
