/**
 * Locates (installing once if needed) the Node and n8n that the end-to-end harness runs, through
 * scripts/ensure-runtime.sh. The script prints one folder on stdout and reports progress on
 * stderr, which is streamed to our stderr so a cold install shows what it is doing.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export type N8nKind = 'n8n2' | 'n8n1';

/** The n8n 2.x versions the e2e matrix proves (scripts/ensure-runtime.sh, N8N2_PROVEN). */
export const N8N2_PROVEN_VERSIONS = ['2.40.7', '2.41.1'] as const;

/**
 * The n8n 2.x version a run asks for: MKT_N8N2_VERSION (read by scripts/ensure-runtime.sh too),
 * else the first proven one. Suites name it in their titles and check it against what started.
 */
export function n8n2Version(): string {
	return process.env.MKT_N8N2_VERSION || N8N2_PROVEN_VERSIONS[0];
}

export interface Runtime {
	kind: N8nKind;
	/** Folder holding the `node` (and `npm`) binaries n8n must run with. */
	nodeBin: string;
	/** Absolute path of that `node` binary. */
	nodePath: string;
	/** Install folder (the one holding node_modules/n8n). */
	n8nDir: string;
	/** n8n's bin/n8n script (run it as `<nodePath> <n8nBin> start`). */
	n8nBin: string;
	/** n8n's package version, e.g. "2.40.7". */
	n8nVersion: string;
	/** Major version of n8n (1 or 2). */
	major: number;
}

/** Repository root: this file lives in scripts/e2e/lib (source) or build/scripts/e2e/lib (compiled). */
export function repoRoot(): string {
	let dir = __dirname;
	for (let i = 0; i < 8; i++) {
		if (
			existsSync(join(dir, 'scripts', 'ensure-runtime.sh')) &&
			existsSync(join(dir, 'package.json'))
		) {
			return dir;
		}
		dir = dirname(dir);
	}
	throw new Error(`cannot find the repository root (scripts/ensure-runtime.sh) above ${__dirname}`);
}

/** Runs scripts/ensure-runtime.sh with one argument and returns the folder it prints. */
export async function runEnsureRuntime(
	arg: 'node24' | N8nKind,
	opts: { quiet?: boolean } = {},
): Promise<string> {
	const script = join(repoRoot(), 'scripts', 'ensure-runtime.sh');
	return await new Promise<string>((resolvePromise, reject) => {
		const child = spawn('bash', [script, arg], { stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		let errTail = '';
		child.stdout.setEncoding('utf8');
		child.stdout.on('data', (chunk: string) => (out += chunk));
		child.stderr.setEncoding('utf8');
		child.stderr.on('data', (chunk: string) => {
			errTail = (errTail + chunk).slice(-4000);
			if (!opts.quiet) process.stderr.write(chunk);
		});
		child.on('error', reject);
		child.on('close', (code) => {
			const folder = out.trim().split('\n').pop() ?? '';
			if (code !== 0 || !folder) {
				reject(new Error(`scripts/ensure-runtime.sh ${arg} failed (exit ${code}):\n${errTail}`));
			} else {
				resolvePromise(folder);
			}
		});
	});
}

/** Which Node binary folder runs a given n8n: Node 24 for 2.x, the machine's Node (20) for 1.x. */
async function nodeBinFor(kind: N8nKind, quiet: boolean): Promise<string> {
	if (kind === 'n8n2') return await runEnsureRuntime('node24', { quiet });
	// ensure-runtime.sh installs 1.x with `command -v node`; run it with the same Node.
	const fromEnv = process.env.MKT_NODE20_BIN;
	if (fromEnv) return fromEnv;
	const pathDirs = (process.env.PATH ?? '').split(':').filter(Boolean);
	for (const dir of pathDirs) {
		if (existsSync(join(dir, 'node'))) return resolve(dir);
	}
	throw new Error('no `node` on PATH for n8n 1.x (set MKT_NODE20_BIN to a Node 20 bin folder)');
}

/**
 * Installs (once, into the cache) and locates the Node + n8n pair for `kind`.
 * n8n2 = n8n 2.x on Node 24 (n8n2Version(): 2.40.7 unless MKT_N8N2_VERSION says otherwise); n8n1 = n8n 1.123.x on the machine's Node 20.
 */
export async function ensureRuntime(
	kind: N8nKind,
	opts: { quiet?: boolean } = {},
): Promise<Runtime> {
	const quiet = opts.quiet ?? false;
	const n8nDir = await runEnsureRuntime(kind, { quiet });
	const nodeBin = await nodeBinFor(kind, quiet);
	const n8nPackageDir = join(n8nDir, 'node_modules', 'n8n');
	const n8nBin = join(n8nPackageDir, 'bin', 'n8n');
	if (!existsSync(n8nBin)) throw new Error(`n8n binary missing at ${n8nBin}`);
	const n8nVersion = (
		JSON.parse(readFileSync(join(n8nPackageDir, 'package.json'), 'utf8')) as { version: string }
	).version;
	return {
		kind,
		nodeBin,
		nodePath: join(nodeBin, 'node'),
		n8nDir,
		n8nBin,
		n8nVersion,
		major: Number(n8nVersion.split('.')[0]),
	};
}
