/**
 * `npm run test:unit`: the pure modules only (signature, dates, dedup, change
 * detection, settings): no simulator, no n8n-core engine, no network. The whole suite
 * (`npm test`) includes these too.
 * @type {import('jest').Config}
 */
const base = require('./jest.config.js');

module.exports = {
	...base,
	testMatch: [
		'<rootDir>/test/credentials/profileDefaults.test.ts',
		'<rootDir>/test/poll/changeDetection.test.ts',
		'<rootDir>/test/trigger/boundedFifo.test.ts',
		'<rootDir>/test/trigger/dedup.test.ts',
		'<rootDir>/test/trigger/httpDate.test.ts',
		'<rootDir>/test/trigger/sellerMap.test.ts',
		'<rootDir>/test/trigger/settings.test.ts',
		'<rootDir>/test/trigger/settingsCache.test.ts',
		'<rootDir>/test/trigger/timezone.test.ts',
		'<rootDir>/test/trigger/verification.test.ts',
		'<rootDir>/test/docs/citations.test.ts',
		'<rootDir>/test/docs/signature.test.ts',
	],
	// Keeps them pure: a unit test that loads the engine, the simulator or an HTTP stack fails with
	// "Could not locate module ... mapped as: ...not-in-unit-tests".
	moduleNameMapper: Object.fromEntries(
		[
			'^n8n-core$',
			'^@n8n/di$',
			'^@n8n/backend-common$',
			'^@n8n/backend-network$',
			'^express$',
			'^axios$',
			'/simulator$',
		].map((pattern) => [pattern, '<rootDir>/not-in-unit-tests']),
	),
};
