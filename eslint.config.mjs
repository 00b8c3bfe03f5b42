// Two configs in one file, because the product and the development code share this package:
//
// - The product (nodes/, credentials/, package.json) gets n8n's default config from
//   @n8n/node-cli unchanged: the one `n8n-node lint` enforces in strict mode, including the
//   n8n Cloud rules (no timers, no `process`, no Node built-ins but crypto).
// - The simulator, the scripts and the tests are Node programs that need timers, files and
//   child processes, which those Cloud rules forbid: they get TypeScript's recommended rules.
//
// package.json keeps "strict": false for that reason: strict mode means "eslint.config.mjs is the
// default file, byte for byte", and the default applies the product rules to every .ts file of the
// folder. Strict could be true only with the development code in its own package (a workspace).
import { defineConfig } from 'eslint/config';
import { config as n8nDefault } from '@n8n/node-cli/eslint';
import tseslint from 'typescript-eslint';

const product = ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'];
const development = ['simulator/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts'];

export default defineConfig(
	{
		ignores: [
			'dist/**',
			'build/**',
			'coverage/**',
			'node_modules/**',
			'.cache/**',
			'.demo/**',
			'.e2e/**',
			'**/*.js',
			'**/*.mjs',
			'**/*.cjs',
		],
	},
	// n8n's default, each of its blocks narrowed to the product files (defineConfig intersects
	// the `files` of an extended config with these).
	{ files: product, extends: [n8nDefault] },
	{
		// No inline disables in shipped code: n8n's scanner ignores them, so they would only hide
		// what the scanner reports.
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'error' },
	},
	{
		files: development,
		extends: [tseslint.configs.recommended],
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
			],
		},
	},
);
