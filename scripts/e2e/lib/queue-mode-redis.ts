/**
 * The queue-mode setup's own Redis (n8n's job queue): loopback only, no persistence (the queue
 * of a test setup need not survive it), its own folder, log and pid file.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { pollUntil } from './net';
import { forgetOnExit, ownLivePid, stopOnExit, stopPid, writePidFile } from './queue-mode-pids';

export interface RedisOptions {
	stateDir: string;
	redisServer: string;
	port: number;
	log: (line: string) => void;
}

/** One PING over a fresh connection: true when Redis answers +PONG. */
function ping(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = createConnection({ host: '127.0.0.1', port });
		let answer = '';
		socket.setTimeout(2000, () => socket.destroy());
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (chunk) => {
			answer += chunk.toString('utf8');
			if (answer.includes('\r\n')) socket.end();
		});
		socket.on('close', () => resolve(answer.startsWith('+PONG')));
		socket.on('error', () => resolve(false));
	});
}

export class RedisServer {
	readonly dir: string;
	readonly logFile: string;
	readonly pidFile: string;

	constructor(private readonly opts: RedisOptions) {
		this.dir = join(opts.stateDir, 'redis');
		this.logFile = join(this.dir, 'redis.log');
		this.pidFile = join(opts.stateDir, 'pids', 'redis.pid');
	}

	get port(): number {
		return this.opts.port;
	}

	get pid(): number | undefined {
		return ownLivePid(this.pidFile, 'redis-server');
	}

	async start(): Promise<void> {
		mkdirSync(this.dir, { recursive: true });
		const logFd = openSync(this.logFile, 'a');
		const child = spawn(
			this.opts.redisServer,
			[
				'--bind',
				'127.0.0.1',
				'--port',
				String(this.opts.port),
				'--save',
				'',
				'--appendonly',
				'no',
				'--dir',
				this.dir,
				'--daemonize',
				'no',
			],
			{ stdio: ['ignore', logFd, logFd], detached: true },
		);
		closeSync(logFd);
		child.unref();
		if (child.pid === undefined) throw new Error(`could not start ${this.opts.redisServer}`);
		const pid = child.pid;
		writePidFile(this.pidFile, pid);
		stopOnExit(pid, false);
		let exited = false;
		child.once('exit', () => (exited = true));
		await pollUntil('Redis', async () => ((await ping(this.opts.port)) ? true : undefined), {
			timeoutMs: 30_000,
			abort: () => (exited ? `redis-server exited (see ${this.logFile})` : undefined),
		});
		this.opts.log(`Redis ready on 127.0.0.1:${this.opts.port} (pid ${pid})`);
	}

	async stop(): Promise<void> {
		const pid = this.pid;
		if (pid !== undefined) {
			await stopPid(pid, { group: false, timeoutMs: 10_000 });
			forgetOnExit(pid);
			this.opts.log('Redis stopped');
		}
		rmSync(this.pidFile, { force: true });
	}
}
