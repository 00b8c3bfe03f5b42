/**
 * `scripts/queue-mode.sh start|stop|status` (the script builds and packs, then runs this):
 *
 *   start   starts a supervisor process in the background, which starts the queue-mode setup
 *           (queue-mode.ts) in .queue-mode/ and keeps it running; prints the addresses when ready
 *   stop    stops the supervisor (which stops everything it started), then anything a pid file in
 *           .queue-mode/pids still names (only processes whose command line is ours)
 *   status  what is running, from the pid files and .queue-mode/state.json
 *
 * Folder: $MKT_QUEUE_MODE_DIR, default <repo>/.queue-mode (ignored by git).
 */
import { spawn } from 'node:child_process';
import {
	closeSync,
	existsSync,
	mkdirSync,
	openSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { findPackedTarball } from './community-package';
import { sleep } from './net';
import { isAlive, ownLivePid, readPidFile, writePidFile } from './queue-mode-pids';
import {
	livePidFiles,
	QueueModeCluster,
	stopQueueModeLeftovers,
	type QueueModeState,
} from './queue-mode';
import { repoRoot } from './runtime';

const PACKAGE_NAME = 'n8n-nodes-marketplace-seller';
const stateDir = resolve(process.env.MKT_QUEUE_MODE_DIR ?? join(repoRoot(), '.queue-mode'));
const pidFile = join(stateDir, 'pids', 'supervisor.pid');
const stateFile = join(stateDir, 'state.json');
const failedFile = join(stateDir, 'failed.txt');
const supervisorLog = join(stateDir, 'logs', 'supervisor.log');
/** A cold machine installs Postgres, Redis, Node 24 and n8n first. */
const START_TIMEOUT_MS = 30 * 60_000;

const say = (line = '') => process.stdout.write(`${line}\n`);

function supervisorPid(): number | undefined {
	return ownLivePid(pidFile, 'queue-mode-cli');
}

function readState(): QueueModeState | undefined {
	try {
		return JSON.parse(readFileSync(stateFile, 'utf8')) as QueueModeState;
	} catch {
		return undefined;
	}
}

function printState(state: QueueModeState): void {
	say(`n8n ${state.n8nVersion} in queue mode (folder ${stateDir})`);
	say(
		`  editor and public API (main)  ${state.editorUrl}   owner ${state.owner.email} / ${state.owner.password}`,
	);
	say(
		`  webhook URL (the balancer)    ${state.webhookBaseUrl}   -> ${state.webhookProcesses.map((w) => `${w.name} ${w.url}`).join(', ')}`,
	);
	say(`  worker health                 ${state.workerHealthUrl}`);
	say(
		`  Postgres                      ${state.postgres.host}:${state.postgres.port} (n8n: database ${state.postgres.n8nDatabase})`,
	);
	const guard = state.postgres.guard;
	say(
		`  guard database                ${guard.database}, user ${guard.user}, password ${guard.password} (credential "Queue-mode guard database")`,
	);
	say(`  Redis                         ${state.redis.host}:${state.redis.port}`);
	say(`  public API key                ${state.apiKey}`);
}

/** Prints the supervisor log from `offset` on; returns the new offset. */
function followLog(offset: number): number {
	if (!existsSync(supervisorLog)) return offset;
	const size = statSync(supervisorLog).size;
	if (size <= offset) return offset;
	const text = readFileSync(supervisorLog, 'utf8').slice(offset);
	process.stdout.write(text);
	return size;
}

async function start(): Promise<number> {
	const running = supervisorPid();
	if (running !== undefined) {
		say(`already running (supervisor pid ${running})`);
		const state = readState();
		if (state) printState(state);
		return 0;
	}
	if (livePidFiles(stateDir).length > 0) {
		say('stopping what an earlier run left behind');
		await stopQueueModeLeftovers(stateDir, say);
	}
	const tarball = findPackedTarball(
		join(stateDir, 'pack'),
		PACKAGE_NAME,
		'run "scripts/queue-mode.sh start"',
	);
	for (const sub of ['pids', 'logs']) mkdirSync(join(stateDir, sub), { recursive: true });
	rmSync(stateFile, { force: true });
	rmSync(failedFile, { force: true });
	const logOffset = existsSync(supervisorLog) ? statSync(supervisorLog).size : 0;
	const logFd = openSync(supervisorLog, 'a');
	const child = spawn(process.execPath, [__filename, 'supervise', tarball], {
		stdio: ['ignore', logFd, logFd],
		detached: true,
	});
	closeSync(logFd);
	child.unref();
	writePidFile(pidFile, child.pid!);
	say(`supervisor pid ${child.pid}, log ${supervisorLog}`);

	let offset = logOffset;
	const deadline = Date.now() + START_TIMEOUT_MS;
	for (;;) {
		offset = followLog(offset);
		const state = readState();
		if (state) {
			say();
			printState(state);
			say();
			say('Stop with: scripts/queue-mode.sh stop');
			return 0;
		}
		if (existsSync(failedFile) || !isAlive(child.pid!)) {
			followLog(offset);
			say(
				`start failed${existsSync(failedFile) ? `: ${readFileSync(failedFile, 'utf8')}` : ' (the supervisor exited)'}`,
			);
			return 1;
		}
		if (Date.now() > deadline) {
			say(`not ready after ${START_TIMEOUT_MS / 60_000} min; stopping`);
			await stop();
			return 1;
		}
		await sleep(500);
	}
}

/** The background process: starts the setup, keeps it running, stops it on SIGTERM or SIGINT. */
async function supervise(tarball: string): Promise<number> {
	const log = (line: string) => say(`[queue-mode] ${line}`);
	let cluster: QueueModeCluster | undefined;
	let stopping = false;
	const shutdown = async (why: string) => {
		if (stopping) return;
		stopping = true;
		log(`stopping (${why})`);
		await cluster?.stop();
		rmSync(stateFile, { force: true });
		rmSync(pidFile, { force: true });
		log('stopped');
		process.exit(0);
	};
	process.on('SIGTERM', () => void shutdown('SIGTERM'));
	process.on('SIGINT', () => void shutdown('SIGINT'));
	try {
		cluster = await QueueModeCluster.start({ stateDir, tarball, log });
		await cluster.createGuardCredential();
		cluster.writeState({ supervisorPid: process.pid });
		log('ready');
	} catch (error) {
		const message = (error as Error).stack ?? String(error);
		log(`failed: ${message}`);
		writeFileSync(failedFile, `${(error as Error).message}\n`);
		return 1;
	}
	// Keep running until a signal arrives; say when an n8n process has gone (once per change).
	let reported = '';
	for (;;) {
		await sleep(5_000);
		if (stopping) continue;
		const down = [...cluster.webhooks, cluster.worker]
			.filter((p) => p.pid === undefined)
			.map((p) => p.name);
		if (!cluster.main.running) down.push('main');
		const now = down.join(', ');
		if (now !== reported && now !== '')
			log(`not running any more: ${now} (see ${join(stateDir, 'logs')})`);
		reported = now;
	}
}

async function stop(): Promise<number> {
	const pid = supervisorPid();
	if (pid !== undefined) {
		say(`stopping the supervisor (pid ${pid}) and everything it started`);
		process.kill(pid, 'SIGTERM');
		const deadline = Date.now() + 180_000;
		while (isAlive(pid) && Date.now() < deadline) await sleep(250);
		if (isAlive(pid)) {
			say('the supervisor did not stop in time: SIGKILL, then the pid files');
			process.kill(pid, 'SIGKILL');
		}
	}
	await stopQueueModeLeftovers(stateDir, say);
	rmSync(pidFile, { force: true });
	rmSync(stateFile, { force: true });
	say('stopped');
	return 0;
}

function status(): number {
	const dir = join(stateDir, 'pids');
	const names = existsSync(dir)
		? readdirSync(dir)
				.filter((name) => name.endsWith('.pid'))
				.sort()
		: [];
	const live = new Set(livePidFiles(stateDir));
	if (live.size === 0) {
		say(`not running (folder ${stateDir})`);
		return 3;
	}
	for (const name of names) {
		say(
			`  ${name.replace(/\.pid$/, '').padEnd(12)} ${live.has(name) ? `running, pid ${readPidFile(join(dir, name))}` : 'not running'}`,
		);
	}
	const state = readState();
	if (state) printState(state);
	return names.every((name) => live.has(name)) && state ? 0 : 1;
}

async function main(): Promise<number> {
	const [command, arg] = process.argv.slice(2);
	switch (command) {
		case 'start':
			return await start();
		case 'stop':
			return await stop();
		case 'status':
			return status();
		case 'supervise':
			return await supervise(arg);
		default:
			say('usage: scripts/queue-mode.sh start|stop|status');
			return 2;
	}
}

main().then(
	(code) => {
		if (process.argv[2] !== 'supervise' || code !== 0) process.exit(code);
	},
	(error) => {
		process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
		process.exit(1);
	},
);
