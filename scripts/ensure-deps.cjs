#!/usr/bin/env node
// Lets `npm test` and `npm run demo` work on a fresh clone: installs the locked development
// dependencies first when they are missing.
const { existsSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const installed = ['jest', 'typescript', 'n8n-core'].every((name) =>
	existsSync(join(root, 'node_modules', name, 'package.json')),
);
if (!installed) {
	console.error('[setup] installing development dependencies (npm ci)');
	const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
		cwd: root,
		stdio: 'inherit',
	});
	if (result.status !== 0) process.exit(result.status ?? 1);
}
