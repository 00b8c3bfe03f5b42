/**
 * Installs a packed community package (an npm tarball) into an n8n user folder the way n8n itself
 * installs community packages, so the files on disk are what a user's install produces.
 *
 * n8n 2.40.7 (node_modules/n8n/dist/modules/community-packages/community-packages.service.js,
 * downloadPackage, with executeNpmCommand from npm-utils.js) and n8n 1.123.81 (same file,
 * downloadPackage) run the same steps; both call the `npm` found on n8n's PATH:
 *   cd <user>/.n8n/nodes
 *   npm pack <name>@<version> --quiet --registry=<registry>        -> prints the tarball file name
 *   tar -xzf <tarball> -C node_modules/<name> --strip-components=1
 *   rewrite node_modules/<name>/package.json without devDependencies, peerDependencies and
 *     optionalDependencies (so the peer n8n-workflow is never installed beside the package: the
 *     package resolves the host n8n's copy)
 *   cd node_modules/<name>
 *   npm install --audit=false --fund=false --bin-links=false --install-strategy=shallow
 *     --ignore-scripts=true --package-lock=false --registry=<registry>
 *   set dependencies[<name>] = <version> in <user>/.n8n/nodes/package.json (the ledger); rm tarball
 * (<registry> is N8N_COMMUNITY_PACKAGES_REGISTRY, default https://registry.npmjs.org.)
 *
 * Here the tarball path is the package spec of `npm pack` (npm accepts a tarball file wherever it
 * accepts name@version); everything after it is identical. What n8n adds on top of the files (rows
 * in installed_packages/installed_nodes, which list the package under Settings > Community nodes
 * and GET /api/v1/community-packages) only happens through its UI/API install from a registry and
 * is not reproduced: n8n loads every n8n-nodes-* package in <user>/.n8n/nodes/node_modules at
 * start-up either way.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const DEFAULT_NPM_REGISTRY = 'https://registry.npmjs.org';

/**
 * The one tarball `npm pack` left in `dir` for `packageName`; `howToPack` says which command
 * packs it, for the error when there is none (or several).
 */
export function findPackedTarball(dir: string, packageName: string, howToPack: string): string {
	const tarballs = existsSync(dir)
		? readdirSync(dir).filter((name) => name.startsWith(`${packageName}-`) && name.endsWith('.tgz'))
		: [];
	if (tarballs.length !== 1) {
		throw new Error(
			`expected exactly one ${packageName}-*.tgz in ${dir}, found ${tarballs.length}: ${howToPack} (it builds and packs first)`,
		);
	}
	return join(dir, tarballs[0]);
}

export interface InstallOptions {
	/** n8n's user folder (N8N_USER_FOLDER); packages go to <userFolder>/.n8n/nodes. */
	userFolder: string;
	/** Folder of the `node`/`npm` binaries n8n runs with (n8n calls `npm` from its PATH). */
	nodeBin: string;
	/** n8n major version (1 and 2 install the same way; kept for version-specific differences). */
	major: number;
	/** Registry n8n passes with --registry (N8N_COMMUNITY_PACKAGES_REGISTRY, default registry.npmjs.org). */
	registry?: string;
	/** Called with each command run, for logs. */
	log?: (line: string) => void;
}

export interface InstalledPackage {
	name: string;
	version: string;
	/** <userFolder>/.n8n/nodes/node_modules/<name> */
	packageDir: string;
	/** The npm commands that were run, as [cwd, argv] pairs (for reports). */
	commands: Array<{ cwd: string; argv: string[] }>;
}

const NODE_PACKAGE_PREFIX = 'n8n-nodes-';

/** Reads package/package.json out of an npm tarball without unpacking it to disk. */
export async function readTarballPackageJson(
	tarballPath: string,
): Promise<{ name: string; version: string; [key: string]: unknown }> {
	const { stdout } = await execFileAsync('tar', ['-xzOf', tarballPath, 'package/package.json'], {
		maxBuffer: 16 * 1024 * 1024,
	});
	return JSON.parse(stdout) as { name: string; version: string };
}

/** n8n's own name checks (parseNpmPackageName): n8n-nodes-* or @scope/n8n-nodes-*. */
export function assertCommunityPackageName(name: string): void {
	if (/[^0-9a-z@\-._/]/.test(name)) throw new Error(`invalid community package name "${name}"`);
	const withoutScope = name.includes('/') ? name.split('/')[1] : name;
	if (!withoutScope.startsWith(NODE_PACKAGE_PREFIX)) {
		throw new Error(
			`community package names must start with ${NODE_PACKAGE_PREFIX} (got "${name}")`,
		);
	}
}

function resolvePackageDirectory(downloadFolder: string, packageName: string): string {
	const nodeModules = join(downloadFolder, 'node_modules');
	const packageDir = join(nodeModules, packageName);
	const rel = relative(resolve(nodeModules), resolve(packageDir));
	if (rel === '' || rel.startsWith('..') || rel.split(sep).join('/') !== packageName) {
		throw new Error(`invalid package name ${packageName}`);
	}
	return packageDir;
}

/** The ledger n8n keeps in <user>/.n8n/nodes/package.json (ensurePackageJson / mutatePackageJsonDependencies). */
async function updateLedger(
	downloadFolder: string,
	name?: string,
	version?: string,
): Promise<void> {
	const path = join(downloadFolder, 'package.json');
	let ledger: { name?: string; private?: boolean; dependencies?: Record<string, string> } | null =
		null;
	if (existsSync(path)) {
		try {
			ledger = JSON.parse(await readFile(path, 'utf8'));
		} catch {
			ledger = null;
		}
	}
	if (!ledger?.dependencies) ledger = { name: 'installed-nodes', private: true, dependencies: {} };
	if (name && version) ledger.dependencies![name] = version;
	await writeFile(path, JSON.stringify(ledger, null, 2), 'utf8');
}

async function npm(
	argv: string[],
	cwd: string,
	opts: InstallOptions,
	commands: InstalledPackage['commands'],
): Promise<string> {
	commands.push({ cwd, argv: ['npm', ...argv] });
	opts.log?.(`[install] (cd ${cwd} && npm ${argv.join(' ')})`);
	const env = { ...process.env, PATH: `${opts.nodeBin}:${process.env.PATH ?? ''}` };
	try {
		// n8n runs `npm` from its PATH (the Node 24 package ships no npm, so it is the machine's npm run by that Node).
		const npmPath = existsSync(join(opts.nodeBin, 'npm')) ? join(opts.nodeBin, 'npm') : 'npm';
		const { stdout } = await execFileAsync(npmPath, argv, {
			cwd,
			env,
			maxBuffer: 64 * 1024 * 1024,
		});
		return stdout;
	} catch (error) {
		const e = error as Error & { stdout?: string; stderr?: string };
		throw new Error(`npm ${argv.join(' ')} failed in ${cwd}: ${e.message}\n${e.stderr ?? ''}`);
	}
}

/**
 * Installs `tarballPath` into <userFolder>/.n8n/nodes as n8n <major> would install the same
 * package from a registry. Replaces an earlier install of the same package. n8n must be
 * restarted (or started afterwards) to load it.
 */
export async function installCommunityPackage(
	tarballPath: string,
	opts: InstallOptions,
): Promise<InstalledPackage> {
	const tarball = isAbsolute(tarballPath) ? tarballPath : resolve(tarballPath);
	if (!existsSync(tarball)) throw new Error(`tarball not found: ${tarball}`);
	const { name, version } = await readTarballPackageJson(tarball);
	assertCommunityPackageName(name);
	const registry = (
		opts.registry ??
		process.env.N8N_COMMUNITY_PACKAGES_REGISTRY ??
		DEFAULT_NPM_REGISTRY
	).replace(/\/+$/, '');
	const registryArgs = [`--registry=${registry}`];
	const downloadFolder = join(opts.userFolder, '.n8n', 'nodes');
	await mkdir(downloadFolder, { recursive: true });
	// n8n creates this ledger at start-up (ensurePackageJson); a fresh folder gets an empty one.
	if (!existsSync(join(downloadFolder, 'package.json'))) await updateLedger(downloadFolder);
	const packageDir = resolvePackageDirectory(downloadFolder, name);
	const commands: InstalledPackage['commands'] = [];
	// n8n moves an existing folder aside and restores it on failure; a test reinstall just replaces it.
	await rm(packageDir, { recursive: true, force: true });

	await mkdir(packageDir, { recursive: true });
	const packed = (
		await npm(['pack', tarball, '--quiet', ...registryArgs], downloadFolder, opts, commands)
	)
		.trim()
		.split('\n')
		.pop()!
		.trim();
	try {
		opts.log?.(
			`[install] (cd ${downloadFolder} && tar -xzf ${packed} -C ${packageDir} --strip-components=1)`,
		);
		await execFileAsync('tar', ['-xzf', packed, '-C', packageDir, '--strip-components=1'], {
			cwd: downloadFolder,
		});
		const packageJsonPath = join(packageDir, 'package.json');
		const {
			devDependencies: _d,
			peerDependencies: _p,
			optionalDependencies: _o,
			...packageJson
		} = JSON.parse(await readFile(packageJsonPath, 'utf8')) as Record<string, unknown>;
		await writeFile(packageJsonPath, JSON.stringify(packageJson, null, 2), 'utf8');
		await npm(
			[
				'install',
				'--audit=false',
				'--fund=false',
				'--bin-links=false',
				'--install-strategy=shallow',
				'--ignore-scripts=true',
				'--package-lock=false',
				...registryArgs,
			],
			packageDir,
			opts,
			commands,
		);
		await updateLedger(downloadFolder, name, version);
	} finally {
		if (packed) await rm(join(downloadFolder, packed), { force: true });
	}
	if (!existsSync(join(packageDir, 'package.json')))
		throw new Error(`install left no ${packageDir}/package.json`);
	const stray = join(packageDir, 'node_modules', 'n8n-workflow');
	if (existsSync(stray))
		throw new Error(
			`n8n-workflow was installed beside the package (${stray}); it must come from the host n8n`,
		);
	return { name, version, packageDir, commands };
}
