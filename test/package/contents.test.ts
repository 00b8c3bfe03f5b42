/**
 * The npm tarball holds only what n8n and its editor load: the compiled nodes and credentials,
 * their codex files, icons and output schemas, plus package.json, the README, the licence and the
 * empty entry point. n8n-node build copies every png and svg of the repository into dist/ (the
 * README's screenshots too) and tsc writes source maps and declarations beside the code; the
 * "files" list of package.json keeps all of that out (docs/releasing.md#what-the-package-ships).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/** What may be in the tarball, one pattern per kind of file. */
const SHIPPED = [
	/^package\.json$/,
	/^README\.md$/,
	/^LICENSE$/,
	/^index\.js$/,
	/^dist\/(nodes|credentials)\/[\w./-]+\.js$/,
	/^dist\/nodes\/[\w./-]+\.node\.json$/,
	/^dist\/(nodes|credentials)\/[\w./-]+\.svg$/,
	/^dist\/nodes\/[\w./-]+\/__schema__\/v[\d.]+\.json$/,
];

interface PackEntry {
	path: string;
	size: number;
}

/** The files `npm pack` would put into the tarball of the package in `folder`. */
function packList(folder: string): PackEntry[] {
	const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: folder,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const [pack] = JSON.parse(out) as Array<{ files: PackEntry[] }>;
	return pack.files;
}

function notShipped(entries: PackEntry[]): string[] {
	return entries
		.map((entry) => entry.path)
		.filter((path) => !SHIPPED.some((pattern) => pattern.test(path)));
}

describe('the npm tarball', () => {
	const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
		files: string[];
		main: string;
		n8n: { nodes: string[]; credentials: string[] };
	};

	it('keeps out what a build puts into dist/ beside the code (screenshots, maps, declarations, tests)', () => {
		// A copy of package.json over a dist/ such as n8n-node build makes, with everything a build or a
		// contributor may leave there, so the check does not depend on a build having run.
		const folder = mkdtempSync(join(tmpdir(), 'mkt-pack-'));
		try {
			const files = [
				'dist/nodes/A/A.node.js',
				'dist/nodes/A/A.node.js.map',
				'dist/nodes/A/A.node.d.ts',
				'dist/nodes/A/A.node.json',
				'dist/nodes/A/a.svg',
				'dist/nodes/A/__schema__/v1.0.0.json',
				'dist/nodes/A/helpers/b.js',
				'dist/credentials/C.credentials.js',
				'dist/credentials/C.credentials.js.map',
				'dist/credentials/c.svg',
				'dist/docs/screenshots/nodes-panel-actions.png',
				'dist/docs/contributing.md',
				'dist/test/fixtures/x.json',
				'dist/simulator/app.js',
				'dist/tsconfig.tsbuildinfo',
				'docs/screenshots/trigger-panel.png',
				'examples/morning-labels.json',
				'index.js',
				'README.md',
				'LICENSE',
			];
			for (const file of files) {
				mkdirSync(join(folder, dirname(file)), { recursive: true });
				writeFileSync(join(folder, file), file.endsWith('.json') ? '{}' : 'x');
			}
			writeFileSync(
				join(folder, 'package.json'),
				JSON.stringify({
					name: 'pack-check',
					version: '0.0.0',
					main: packageJson.main,
					files: packageJson.files,
				}),
			);
			const entries = packList(folder);
			const listed = entries.map((entry) => entry.path);
			expect(notShipped(entries)).toEqual([]);
			// and nothing n8n loads is left out
			expect(listed).toEqual(
				expect.arrayContaining([
					'dist/nodes/A/A.node.js',
					'dist/nodes/A/A.node.json',
					'dist/nodes/A/a.svg',
					'dist/nodes/A/__schema__/v1.0.0.json',
					'dist/nodes/A/helpers/b.js',
					'dist/credentials/C.credentials.js',
					'dist/credentials/c.svg',
					'index.js',
					'README.md',
					'LICENSE',
				]),
			);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});

	it('of this repository lists only shipped kinds of file, and every node and credential n8n loads once built', () => {
		const entries = packList(ROOT);
		expect(notShipped(entries)).toEqual([]);
		const built = entries.some((entry) => entry.path.startsWith('dist/'));
		if (!built) return; // nothing built yet: the first test covers the rules
		const paths = entries.map((entry) => entry.path);
		expect(paths).toEqual(
			expect.arrayContaining([...packageJson.n8n.nodes, ...packageJson.n8n.credentials]),
		);
	});

	it('check fails on a file outside the list', () => {
		expect(
			notShipped([
				{ path: 'dist/docs/screenshots/a.png', size: 1 },
				{ path: 'dist/nodes/A/A.node.js.map', size: 1 },
				{ path: 'dist/nodes/A/A.node.d.ts', size: 1 },
				{ path: 'dist/nodes/A/A.node.js', size: 1 },
			]),
		).toEqual([
			'dist/docs/screenshots/a.png',
			'dist/nodes/A/A.node.js.map',
			'dist/nodes/A/A.node.d.ts',
		]);
	});
});
