/**
 * n8n's queue mode on one machine, for the queue-mode test and `scripts/queue-mode.sh`:
 *
 *   Postgres (n8n's database and the guard's) and Redis (the job queue), both on loopback;
 *   n8n 2.40.7 main (editor, public API; runs the migrations, so it starts first);
 *   two `n8n webhook` processes and one `n8n worker`, sharing main's user folder (so all load the
 *   community package installed there) and its environment, each with its own ports and event log;
 *   a round-robin balancer in front of the webhook processes: its URL is every process's
 *   WEBHOOK_URL, so the trigger's production URL (the URL the marketplace signs) is the balancer's.
 *
 *   const cluster = await QueueModeCluster.start({ stateDir, tarball });
 *   ... cluster.api (public API on main), cluster.balancer.url, cluster.webhooks[i].restart() ...
 *   await cluster.stop();
 *
 * Every process has a pid file in <stateDir>/pids; stopQueueModeLeftovers() stops what those
 * name (and nothing else), for a run that ended without stop().
 */
import {
	existsSync,
	lstatSync,
	mkdirSync,
	readdirSync,
	realpathSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { N8nInstance } from './instance';
import { freePort } from './net';
import type { Credential, PublicApiClient } from './public-api';
import { RoundRobinBalancer } from './queue-mode-balancer';
import { ensureQueueModePackages, findPostgresBin } from './queue-mode-packages';
import { ownLivePid, stopPid, writePidFile } from './queue-mode-pids';
import { GUARD_DATABASE, N8N_DATABASE, PostgresServer } from './queue-mode-postgres';
import { N8nQueueProcess } from './queue-mode-process';
import { binaryDataEnvironment } from './queue-mode-binary-data';
import { RedisServer } from './queue-mode-redis';
import { ensureRuntime, type Runtime } from './runtime';

export { GUARD_DATABASE, GUARD_DDL } from './queue-mode-postgres';

export interface QueueModeOptions {
	/** Folder for everything: Postgres, Redis, the n8n user folder, logs, pid files, state.json. */
	stateDir: string;
	/** The packed package (npm pack), installed into the shared user folder as n8n installs one. */
	tarball: string;
	runtime?: Runtime;
	/** Number of `n8n webhook` processes (default 2). */
	webhookProcesses?: number;
	log?: (line: string) => void;
}

/** What <stateDir>/state.json says about a running setup (for `queue-mode.sh status` and people). */
export interface QueueModeState {
	startedAt: string;
	n8nVersion: string;
	editorUrl: string;
	/** What the marketplace posts to: the balancer in front of the webhook processes. */
	webhookBaseUrl: string;
	webhookProcesses: Array<{ name: string; url: string }>;
	workerHealthUrl: string;
	postgres: { host: string; port: number; n8nDatabase: string; guard: typeof GUARD_DATABASE };
	redis: { host: string; port: number };
	owner: { email: string; password: string };
	apiKey: string;
	supervisorPid?: number;
}

export class QueueModeCluster {
	private constructor(
		readonly stateDir: string,
		readonly runtime: Runtime,
		readonly postgres: PostgresServer,
		readonly redis: RedisServer,
		readonly balancer: RoundRobinBalancer,
		readonly main: N8nInstance,
		readonly api: PublicApiClient,
		readonly webhooks: N8nQueueProcess[],
		readonly worker: N8nQueueProcess,
	) {}

	static async start(opts: QueueModeOptions): Promise<QueueModeCluster> {
		const log = opts.log ?? ((line: string) => process.stderr.write(`[queue-mode] ${line}\n`));
		const stateDir = opts.stateDir;
		for (const sub of ['pids', 'logs']) mkdirSync(join(stateDir, sub), { recursive: true });
		// (The CLI's supervisor, which is calling this, has a pid file there too.)
		const running = livePidFiles(stateDir).filter((name) => name !== 'supervisor.pid');
		if (running.length > 0)
			throw new Error(`${stateDir} has running processes (${running.join(', ')}): stop them first`);

		const binaries = await ensureQueueModePackages(log);
		const runtime = opts.runtime ?? (await ensureRuntime('n8n2'));
		const port = () => freePort();
		const postgres = new PostgresServer({
			stateDir,
			bin: binaries.postgresBin,
			port: await port(),
			log,
		});
		const redis = new RedisServer({
			stateDir,
			redisServer: binaries.redisServer,
			port: await port(),
			log,
		});
		const webhookPorts = await Promise.all(
			Array.from({ length: opts.webhookProcesses ?? 2 }, port),
		);

		let balancer: RoundRobinBalancer | undefined;
		let main: N8nInstance | undefined;
		const started: N8nQueueProcess[] = [];
		try {
			await postgres.start();
			await redis.start();
			balancer = await RoundRobinBalancer.start({ port: await port(), upstreams: webhookPorts });
			log(`balancer on ${balancer.url} -> webhook processes on ports ${webhookPorts.join(', ')}`);
			main = await N8nInstance.start({
				runtime,
				userFolder: join(stateDir, 'n8n'),
				port: await port(),
				brokerPort: await port(),
				communityPackages: [opts.tarball],
				env: {
					...sharedEnvironment(postgres.port, redis.port, balancer.url),
					...binaryDataEnvironment(stateDir, 'main'),
				},
				readyTimeoutMs: 300_000,
				log,
			});
			writePidFile(join(stateDir, 'pids', 'main.pid'), main.pid!);
			const api = await main.setupOwner();
			// The same environment as main (key, database, queue, webhook URL); each process then
			// sets its own port, broker port and event-log name.
			const sharedEnv = main.environment();
			const common = { runtime, userFolder: main.userFolder, stateDir, sharedEnv, log };
			const webhooks = await Promise.all(
				webhookPorts.map(
					async (webhookPort, i) =>
						new N8nQueueProcess({
							...common,
							name: `webhook-${i + 1}`,
							command: 'webhook',
							port: webhookPort,
							brokerPort: await port(),
						}),
				),
			);
			const worker = new N8nQueueProcess({
				...common,
				name: 'worker-1',
				command: 'worker',
				port: await port(),
				brokerPort: await port(),
			});
			// One at a time: three n8n processes loading at once on two cores only take longer each.
			for (const proc of [...webhooks, worker]) {
				await proc.start();
				started.push(proc);
			}
			const cluster = new QueueModeCluster(
				stateDir,
				runtime,
				postgres,
				redis,
				balancer,
				main,
				api,
				webhooks,
				worker,
			);
			cluster.writeState();
			return cluster;
		} catch (error) {
			for (const proc of started.reverse()) await proc.stop().catch(() => undefined);
			await main?.stop().catch(() => undefined);
			await balancer?.close().catch(() => undefined);
			await redis.stop().catch(() => undefined);
			await postgres.stop().catch(() => undefined);
			throw error;
		}
	}

	/** Where the marketplace posts: the balancer (every process's WEBHOOK_URL). */
	get webhookBaseUrl(): string {
		return this.balancer.url;
	}

	state(extra: Partial<QueueModeState> = {}): QueueModeState {
		return {
			startedAt: new Date().toISOString(),
			n8nVersion: this.runtime.n8nVersion,
			editorUrl: this.main.editorUrl,
			webhookBaseUrl: `${this.webhookBaseUrl}/`,
			webhookProcesses: this.webhooks.map((w) => ({ name: w.name, url: `${w.baseUrl}/` })),
			workerHealthUrl: `${this.worker.baseUrl}/healthz/readiness`,
			postgres: {
				host: '127.0.0.1',
				port: this.postgres.port,
				n8nDatabase: N8N_DATABASE.database,
				guard: GUARD_DATABASE,
			},
			redis: { host: '127.0.0.1', port: this.redis.port },
			owner: { email: this.main.owner.email, password: this.main.owner.password },
			apiKey: this.main.apiKey,
			...extra,
		};
	}

	writeState(extra: Partial<QueueModeState> = {}): void {
		writeFileSync(
			join(this.stateDir, 'state.json'),
			`${JSON.stringify(this.state(extra), null, 2)}\n`,
		);
	}

	/** A Postgres credential for the guard's database (what examples/queue-mode-guard.json uses). */
	async createGuardCredential(name = 'Queue-mode guard database'): Promise<Credential> {
		return await this.api.createCredential({
			name,
			type: 'postgres',
			data: {
				host: '127.0.0.1',
				port: this.postgres.port,
				database: GUARD_DATABASE.database,
				user: GUARD_DATABASE.user,
				password: GUARD_DATABASE.password,
				ssl: 'disable',
				allowUnauthorizedCerts: false,
				sshTunnel: false,
				maxConnections: 100,
			},
		});
	}

	/** Stops n8n (webhook processes and worker first, main last), the balancer, Redis, Postgres. */
	async stop(): Promise<void> {
		for (const proc of [...this.webhooks, this.worker]) await proc.stop();
		await this.main.stop();
		rmSync(join(this.stateDir, 'pids', 'main.pid'), { force: true });
		await this.balancer.close();
		await this.redis.stop();
		await this.postgres.stop();
	}
}

/** Environment every n8n process of the setup shares (besides instance.ts's offline settings). */
function sharedEnvironment(
	postgresPort: number,
	redisPort: number,
	webhookBaseUrl: string,
): Record<string, string | undefined> {
	return {
		// Jest sets NODE_ENV=test; n8n then runs in its own test mode and exits at once.
		NODE_ENV: undefined,
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgresPort),
		DB_POSTGRESDB_DATABASE: N8N_DATABASE.database,
		DB_POSTGRESDB_USER: N8N_DATABASE.user,
		DB_POSTGRESDB_PASSWORD: N8N_DATABASE.password,
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redisPort),
		// Production setups also set N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true; here main keeps its
		// webhook routes for the harness's readiness probe, and the balancer never sends it a push.
		WEBHOOK_URL: `${webhookBaseUrl}/`,
		N8N_WEBHOOK_URL: `${webhookBaseUrl}/`,
		N8N_EVENTBUS_LOGWRITER_LOGBASENAME: 'n8nEventLog-main',
	};
}

/** Pid files in <stateDir>/pids and the text the process's command line must contain to be ours. */
function pidFileOwners(
	stateDir: string,
): Array<{ file: string; mustContain: string; group: boolean }> {
	const dir = join(stateDir, 'pids');
	if (!existsSync(dir)) return [];
	return readdirSync(dir)
		.filter((name) => name.endsWith('.pid') && name !== 'postgres.pid')
		.map((name) => {
			const file = join(dir, name);
			if (name === 'redis.pid') return { file, mustContain: 'redis-server', group: false };
			if (name === 'supervisor.pid') return { file, mustContain: 'queue-mode-cli', group: false };
			// n8n processes: node .../node_modules/n8n/bin/n8n <command>, each leading its own group.
			return { file, mustContain: '/n8n/bin/n8n', group: true };
		});
}

/** Names of the pid files in <stateDir>/pids whose process is alive and ours. */
export function livePidFiles(stateDir: string): string[] {
	const live = pidFileOwners(stateDir)
		.filter(({ file, mustContain }) => ownLivePid(file, mustContain) !== undefined)
		.map(({ file }) => file.slice(file.lastIndexOf('/') + 1));
	const postgresDir = join(stateDir, 'postgres');
	if (
		existsSync(postgresDir) &&
		ownLivePid(join(stateDir, 'pids', 'postgres.pid'), join(realpathSync(postgresDir), 'data')) !==
			undefined
	) {
		live.push('postgres.pid');
	}
	return live;
}

/**
 * Stops whatever the pid files in <stateDir>/pids name that is still alive and ours: n8n
 * processes first, then Redis, then Postgres (pg_ctl on the setup's own data folder).
 */
export async function stopQueueModeLeftovers(
	stateDir: string,
	log: (line: string) => void,
): Promise<void> {
	const owners = pidFileOwners(stateDir).filter(
		({ mustContain }) => mustContain !== 'queue-mode-cli',
	);
	owners.sort(
		(a, b) => Number(a.mustContain === 'redis-server') - Number(b.mustContain === 'redis-server'),
	);
	for (const { file, mustContain, group } of owners) {
		const pid = ownLivePid(file, mustContain);
		if (pid !== undefined)
			log(`stopping ${file.slice(file.lastIndexOf('/') + 1, -4)} (pid ${pid})`);
		if (pid !== undefined) await stopPid(pid, { group, timeoutMs: 30_000 });
	}
	const bin = findPostgresBin();
	if (bin && existsSync(join(stateDir, 'postgres')))
		await new PostgresServer({ stateDir, bin, port: 0, log }).stop();
}

/** Stops what an earlier run left in `stateDir`, then removes the folder (and Postgres's, if it lives outside). */
export async function resetQueueModeFolder(
	stateDir: string,
	log: (line: string) => void,
): Promise<void> {
	await stopQueueModeLeftovers(stateDir, log);
	const postgresLink = join(stateDir, 'postgres');
	if (existsSync(postgresLink) && lstatSync(postgresLink).isSymbolicLink())
		rmSync(realpathSync(postgresLink), { recursive: true, force: true });
	rmSync(stateDir, { recursive: true, force: true });
}
