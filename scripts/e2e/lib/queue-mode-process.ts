/**
 * An `n8n webhook` or `n8n worker` process of the queue-mode setup: started from the shared user
 * folder with the main process's environment, its own port, task-broker port and event-log
 * name, its own log and pid file, in its own process group (n8n and its task runner).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pollUntil, request, sleep } from './net';
import {
	forgetOnExit,
	groupAlive,
	ownLivePid,
	stopOnExit,
	stopPid,
	writePidFile,
} from './queue-mode-pids';
import type { Runtime } from './runtime';
import { binaryDataEnvironment } from './queue-mode-binary-data';

export type QueueProcessCommand = 'webhook' | 'worker';

export interface QueueProcessOptions {
	/** e.g. webhook-1, worker-1: names the log, pid and event-log files. */
	name: string;
	command: QueueProcessCommand;
	runtime: Runtime;
	userFolder: string;
	stateDir: string;
	/** The environment every process of the setup shares (from the main process). */
	sharedEnv: NodeJS.ProcessEnv;
	/** HTTP port: webhooks for a webhook process, the health server for a worker. */
	port: number;
	brokerPort: number;
	log: (line: string) => void;
	readyTimeoutMs?: number;
}

export class N8nQueueProcess {
	readonly logFile: string;
	readonly pidFile: string;
	private exited = false;
	private logOffset = 0;

	constructor(readonly opts: QueueProcessOptions) {
		this.logFile = join(opts.stateDir, 'logs', `${opts.name}.log`);
		this.pidFile = join(opts.stateDir, 'pids', `${opts.name}.pid`);
	}

	get name(): string {
		return this.opts.name;
	}

	get port(): number {
		return this.opts.port;
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.opts.port}`;
	}

	get pid(): number | undefined {
		return ownLivePid(this.pidFile, this.opts.runtime.n8nBin);
	}

	environment(): NodeJS.ProcessEnv {
		const env: NodeJS.ProcessEnv = {
			...this.opts.sharedEnv,
			N8N_PORT: String(this.opts.port),
			N8N_RUNNERS_BROKER_PORT: String(this.opts.brokerPort),
			// Each process writes its own event log files into the shared user folder.
			N8N_EVENTBUS_LOGWRITER_LOGBASENAME: `n8nEventLog-${this.opts.name}`,
			// Its own binary-data folder, as on its own machine (queue-mode.ts, binaryDataEnvironment).
			...binaryDataEnvironment(this.opts.stateDir, this.opts.name),
		};
		if (this.opts.command === 'worker') {
			Object.assign(env, {
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(this.opts.port),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			});
		}
		return env;
	}

	async start(): Promise<void> {
		if (this.pid !== undefined)
			throw new Error(`${this.name} is already running (pid ${this.pid})`);
		this.logOffset = existsSync(this.logFile) ? statSync(this.logFile).size : 0;
		const logFd = openSync(this.logFile, 'a');
		const child = spawn(this.opts.runtime.nodePath, [this.opts.runtime.n8nBin, this.opts.command], {
			// bin/n8n loads a .env from its working directory: run it from the user folder.
			cwd: this.opts.userFolder,
			env: this.environment(),
			stdio: ['ignore', logFd, logFd],
			detached: true,
		});
		closeSync(logFd);
		child.unref();
		if (child.pid === undefined) throw new Error(`could not start n8n ${this.opts.command}`);
		const pid = child.pid;
		writePidFile(this.pidFile, pid);
		stopOnExit(pid, true);
		this.exited = false;
		child.once('exit', () => (this.exited = true));
		this.opts.log(
			`starting n8n ${this.opts.command} "${this.name}" on ${this.baseUrl} (pid ${pid}, log ${this.logFile})`,
		);
		try {
			await this.waitUntilReady();
		} catch (error) {
			const tail = this.logTail();
			await this.stop().catch(() => undefined);
			throw new Error(
				`${this.name} did not become ready: ${(error as Error).message}\n--- last lines of ${this.logFile} ---\n${tail}`,
			);
		}
		this.opts.log(`${this.name} ready (pid ${pid})`);
	}

	/**
	 * Readiness as n8n reports it (/healthz/readiness: database and Redis connected, server up);
	 * a webhook process must also route production webhooks (n8n's own JSON 404 for a random path).
	 */
	private async waitUntilReady(): Promise<void> {
		const opts = {
			timeoutMs: this.opts.readyTimeoutMs ?? 180_000,
			intervalMs: 300,
			abort: () => (this.exited ? 'the process exited' : undefined),
		};
		await pollUntil(
			`${this.name} readiness`,
			async () => {
				const r = await request({ url: `${this.baseUrl}/healthz/readiness`, timeout: 5_000 });
				if (r.status !== 200) throw new Error(`readiness ${r.status}`);
				return true;
			},
			opts,
		);
		if (this.opts.command !== 'webhook') return;
		await pollUntil(
			`${this.name} webhook routing`,
			async () => {
				const r = await request<{ message?: unknown }>({
					method: 'POST',
					url: `${this.baseUrl}/webhook/queue-mode-readiness-${randomUUID()}`,
					data: {},
					timeout: 10_000,
				});
				if (
					r.status === 404 &&
					typeof r.data === 'object' &&
					r.data !== null &&
					typeof r.data.message === 'string'
				)
					return true;
				throw new Error(`webhook probe ${r.status}`);
			},
			opts,
		);
	}

	/** SIGTERM to the process group (n8n stops gracefully), SIGKILL after 30 s. */
	async stop(): Promise<void> {
		const pid = this.pid;
		if (pid !== undefined) {
			await stopPid(pid, { group: true, timeoutMs: 30_000 });
			forgetOnExit(pid);
			this.opts.log(`${this.name} stopped (pid ${pid})`);
		}
		rmSync(this.pidFile, { force: true });
	}

	async restart(): Promise<void> {
		await this.stop();
		await this.start();
	}

	/**
	 * SIGKILL to the process group of the pid this harness started (n8n and its task runner), as
	 * a crash would: no graceful shutdown. Resolves once the group is gone; start() runs it again.
	 */
	async kill(): Promise<void> {
		const pid = this.pid;
		if (pid === undefined) throw new Error(`${this.name} is not running`);
		try {
			process.kill(-pid, 'SIGKILL');
		} catch {
			// already gone
		}
		for (let i = 0; i < 100 && groupAlive(pid); i++) await sleep(50);
		forgetOnExit(pid);
		rmSync(this.pidFile, { force: true });
		this.opts.log(`${this.name} killed (SIGKILL to process group ${pid})`);
	}

	/** Last lines of this run's part of the log. */
	logTail(lines = 60): string {
		if (!existsSync(this.logFile)) return '(no log file)';
		return readFileSync(this.logFile, 'utf8')
			.slice(this.logOffset)
			.split('\n')
			.slice(-lines)
			.join('\n');
	}
}
