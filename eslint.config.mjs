// Lint with n8n's own rule sets: @n8n/eslint-plugin-community-nodes (what n8n's package
// scanner checks) and eslint-plugin-n8n-nodes-base (community, credentials, nodes).
// Both apply to the shipped code; tests, the simulator and scripts get TypeScript's
// recommended rules only, because they are Node programs that may use timers and files.
import n8nCommunityNodes from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

const shipped = ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'];

export default tseslint.config(
	{ ignores: ['dist/**', 'build/**', 'coverage/**', 'node_modules/**', '.cache/**', '.demo/**', '.e2e/**', '**/*.js', '**/*.mjs'] },
	{
		files: ['**/*.ts'],
		extends: [tseslint.configs.recommended],
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
		},
	},
	{
		files: shipped,
		...n8nCommunityNodes.configs.recommended,
		ignores: [],
	},
	{
		files: ['package.json'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { extraFileExtensions: ['.json'] },
		},
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Contradicts @n8n/community-nodes/credential-documentation-url, which requires a full URL
			// (community packages cannot point at n8n's docs slugs); n8n's own node-cli config turns
			// this one off for the same reason.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// These two want the string 'main' in inputs/outputs, which contradicts
			// @n8n/community-nodes/node-connection-type-literal (NodeConnectionTypes.Main); n8n's
			// own node-cli config turns them off for the same reason.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		// No inline disables in shipped code: n8n's scanner ignores them, so they would only hide
		// what the scanner reports.
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'error' },
	},
);
