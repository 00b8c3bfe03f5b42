/**
 * One end-to-end session: the in-process simulator, a real n8n in a fresh user folder under
 * .e2e/runs/ with the packed tarball installed as a community package (exactly as n8n installs
 * one), the owner and a public-API key, and a Marketplace Seller credential created through the
 * public API that points at the simulator.
 */
import { mkdirSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

import {
	ensureRuntime,
	findPackedTarball,
	N8nInstance,
	repoRoot,
	type Credential,
	type N8nKind,
	type PublicApiClient,
	type Runtime,
} from '../../../scripts/e2e/lib';
import { startSimulator, type Simulator } from '../../../simulator';
import { stopStarted } from './stop';

export const PACKAGE_NAME = 'n8n-nodes-marketplace-seller';
export const ACTION_TYPE = `${PACKAGE_NAME}.marketplaceSeller`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.marketplaceSellerTrigger`;
export const CREDENTIAL_TYPE = 'marketplaceSellerApi';

/** Time a cold cache may need: Node 24 + an n8n 2.x (about 5 to 7 min) or n8n 1.123 (about 3 min), then a first start. */
export const SESSION_START_TIMEOUT_MS = 20 * 60_000;

export interface E2ESession {
	kind: N8nKind;
	runtime: Runtime;
	n8n: N8nInstance;
	api: PublicApiClient;
	sim: Simulator;
	credential: Credential;
	tarball: string;
	/**
	 * The only folder n8n's file nodes may read and write (N8N_RESTRICT_FILE_ACCESS_TO), inside the
	 * run's user folder: the examples' /home/node/.n8n-files/marketplace, as the demo maps it.
	 */
	filesFolder: string;
	/** Milliseconds per start-up step, for the report printed at the end. */
	timings: Record<string, number>;
}

/**
 * A fresh user folder; older folders of the same label are removed (the last run's stays for its
 * logs). Labels that may run at the same time must differ.
 */
function freshUserFolder(label: string): string {
	const runs = join(repoRoot(), '.e2e', 'runs');
	mkdirSync(runs, { recursive: true });
	for (const name of readdirSync(runs)) {
		if (name.startsWith(`${label}-`)) rmSync(join(runs, name), { recursive: true, force: true });
	}
	const folder = join(runs, `${label}-${new Date().toISOString().replace(/[:.]/g, '-')}`);
	mkdirSync(folder, { recursive: true });
	return folder;
}

function log(line: string): void {
	process.stderr.write(`[e2e] ${line}\n`);
}

/**
 * What the public API's credential create gets. n8n 1.x builds a broken JSON schema from
 * displayOptions: with environment = production it requires productionBaseUrl AND
 * sandboxBaseUrl, and without allowedHttpRequestDomains it requires allowedDomains (a JSON
 * schema "if" on an absent property is true). 2.x has no such conditions.
 */
export function credentialData(major: number, sim: Simulator): Record<string, unknown> {
	const data: Record<string, unknown> = {
		appId: sim.demo.selfApp.appId,
		appSecret: sim.demo.selfApp.appSecret,
		environment: 'production',
		productionBaseUrl: sim.url,
		scope: 'Seller_Api',
	};
	if (major < 2)
		Object.assign(data, { sandboxBaseUrl: '{sandbox_url}', allowedHttpRequestDomains: 'all' });
	return data;
}

/** The start of every session: a timer per start-up step (for the report) and the packed tarball. */
export function beginSession(command: string): {
	timings: Record<string, number>;
	timed: <T>(step: string, fn: () => Promise<T>) => Promise<T>;
	tarball: string;
} {
	const timings: Record<string, number> = {};
	const timed = async <T>(step: string, fn: () => Promise<T>): Promise<T> => {
		const started = Date.now();
		try {
			return await fn();
		} finally {
			timings[step] = Date.now() - started;
		}
	};
	const tarball = findPackedTarball(
		join(repoRoot(), '.e2e'),
		PACKAGE_NAME,
		`run the suite with "${command}"`,
	);
	return { timings, timed, tarball };
}

/**
 * The hooks of a test file: `start` runs in beforeAll (with the long start-up timeout), `stop` in
 * afterAll. Returns the accessor the tests use; it throws when beforeAll failed.
 */
export function sessionHooks<S>(
	start: () => Promise<S>,
	stop: (session: S | undefined) => Promise<void>,
	stopTimeoutMs: number,
): () => S {
	let session: S | undefined;
	beforeAll(async () => {
		session = await start();
	}, SESSION_START_TIMEOUT_MS);
	afterAll(async () => {
		await stop(session);
	}, stopTimeoutMs);
	return () => {
		if (!session) throw new Error('no session (beforeAll failed)');
		return session;
	};
}

export async function startSession(kind: N8nKind, label: string): Promise<E2ESession> {
	const { timings, timed, tarball } = beginSession('npm run test:e2e');
	const runtime = await timed('ensureRuntime', () => ensureRuntime(kind));
	log(
		`n8n ${runtime.n8nVersion} on ${runtime.nodePath} (${(statSync(tarball).size / 1024).toFixed(0)} KiB tarball ${tarball})`,
	);
	const sim = await startSimulator({ packingDelayMs: 0, quiet: true });
	let n8n: N8nInstance | undefined;
	// The version in the name: CI runs the poll files on two versions at once (.ci/run).
	const userFolder = freshUserFolder(`${label}-${runtime.n8nVersion}`);
	mkdirSync(join(userFolder, 'files'));
	// n8n compares real paths (as the demo does, scripts/demo/demo.ts).
	const filesFolder = realpathSync(join(userFolder, 'files'));
	try {
		n8n = await timed('install + first start', () =>
			N8nInstance.start({
				runtime,
				userFolder,
				communityPackages: [tarball],
				// Jest sets NODE_ENV=test; n8n then runs in its own test mode and exits at once with status 1.
				env: { NODE_ENV: undefined, N8N_RESTRICT_FILE_ACCESS_TO: filesFolder },
				log,
			}),
		);
		const started = n8n;
		const api = await timed('owner + API key', () => started.setupOwner());
		const credential = await timed('credential', () =>
			api.createCredential({
				name: 'Marketplace simulator (self access app)',
				type: CREDENTIAL_TYPE,
				data: credentialData(runtime.major, sim),
			}),
		);
		return { kind, runtime, n8n, api, sim, credential, tarball, filesFolder, timings };
	} catch (error) {
		await n8n?.stop().catch(() => undefined);
		await sim.close().catch(() => undefined);
		throw error;
	}
}

export async function stopSession(session: E2ESession | undefined): Promise<void> {
	if (session) await stopStarted(session.n8n, session, `${session.kind} session`, log);
}

/**
 * The hooks of a test file: the session starts in beforeAll (then `setup` runs, inside the same
 * long timeout) and stops in afterAll. Returns the accessor the tests use; it throws when
 * beforeAll failed.
 */
export function useSession(
	kind: N8nKind,
	label: string,
	setup?: (session: E2ESession) => Promise<void>,
): () => E2ESession {
	const start = async () => {
		const session = await startSession(kind, label);
		try {
			await setup?.(session);
		} catch (error) {
			await stopSession(session);
			throw error;
		}
		return session;
	};
	return sessionHooks(start, stopSession, 120_000);
}
