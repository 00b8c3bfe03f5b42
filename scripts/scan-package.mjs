#!/usr/bin/env node
// n8n's community package scanner (@n8n/scan-community-package), offline. Its command line takes
// a package name and fetches everything from the public registry and GitHub: the packument and
// provenance attestation, the source of the attested commit, the published tarball. Those steps
// need a published version (docs/releasing.md#the-scanner). Its two lint passes need neither:
// this runs them as the scanner does, on the tarball `npm pack` makes now (compiled `.js` and
// package.json) and on the source (package.json, nodes/ and credentials/), with the scanner's own
// rule set. Run after `npm run build`; `npm run lint` runs it when dist/ exists.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const optional = process.argv.includes('--if-built');

if (!existsSync(join(root, 'dist', 'nodes'))) {
	if (optional) {
		console.log('scan: dist/ not built, skipped (npm run build, then npm run lint:scan)');
		process.exit(0);
	}
	console.error(
		'scan: dist/ is missing: run `npm run build` first (the scan reads the packed tarball)',
	);
	process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'mkt-scan-'));
// The scanner makes a temporary folder when it loads; keep it inside ours, which is removed.
process.env.TMPDIR = work;
let failed = false;
try {
	const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(
		'@n8n/scan-community-package/scanner/scanner.mjs'
	);
	const [pack] = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
			cwd: root,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		}),
	);
	execFileSync('tar', ['-xzf', join(work, pack.filename), '-C', work]);
	const legs = [
		['packed tarball (.js, package.json)', join(work, 'package'), ['**/*.js', 'package.json']],
		['source (package.json, nodes/, credentials/)', root, SOURCE_FILE_PATTERNS],
	];
	for (const [name, folder, patterns] of legs) {
		const result = await analyzePackage(folder, patterns);
		if (result.passed && result.message === undefined) {
			console.log(`scan: ${name}: passed`);
		} else if (result.passed) {
			// "No files found to analyze" passes in the scanner; here it means the scan saw nothing.
			failed = true;
			console.error(`scan: ${name}: FAILED: ${result.message}`);
		} else {
			failed = true;
			console.error(`scan: ${name}: FAILED: ${result.message}`);
			if (result.details) console.error(result.details);
		}
	}
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
