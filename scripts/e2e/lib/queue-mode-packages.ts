/**
 * Postgres and Redis for the queue-mode setup come from Debian's packages (`postgresql`,
 * `redis-server`), installed with apt-get when missing. Only the binaries are used: the setup
 * runs its own Postgres cluster and Redis server in its own folder, never the packages' services.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface QueueModeBinaries {
	/** e.g. /usr/lib/postgresql/15/bin (initdb, pg_ctl, psql, postgres). */
	postgresBin: string;
	/** e.g. /usr/bin/redis-server */
	redisServer: string;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';
const REDIS_CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];

/** The newest installed Postgres major version's bin folder, if any. */
export function findPostgresBin(): string | undefined {
	if (!existsSync(POSTGRES_ROOT)) return undefined;
	const majors = readdirSync(POSTGRES_ROOT)
		.filter(
			(name) =>
				/^\d+$/.test(name) &&
				existsSync(join(POSTGRES_ROOT, name, 'bin', 'pg_ctl')) &&
				existsSync(join(POSTGRES_ROOT, name, 'bin', 'initdb')),
		)
		.sort((a, b) => Number(b) - Number(a));
	return majors.length > 0 ? join(POSTGRES_ROOT, majors[0], 'bin') : undefined;
}

function findRedisServer(): string | undefined {
	return REDIS_CANDIDATES.find((path) => existsSync(path));
}

/** Runs a command with inherited output sent to `log` line by line; rejects on a non-zero exit. */
export async function run(
	command: string,
	args: string[],
	opts: { log: (line: string) => void; env?: NodeJS.ProcessEnv },
): Promise<void> {
	opts.log(`$ ${command} ${args.join(' ')}`);
	await new Promise<void>((resolve, reject) => {
		const child = spawn(command, args, {
			stdio: ['ignore', 'pipe', 'pipe'],
			env: opts.env ?? process.env,
		});
		let tail = '';
		const onData = (chunk: Buffer) => {
			const text = chunk.toString('utf8');
			tail = (tail + text).slice(-4000);
			for (const line of text.split('\n')) if (line.trim()) opts.log(`  ${line}`);
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		child.on('error', reject);
		child.on('close', (code) =>
			code === 0
				? resolve()
				: reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${tail}`)),
		);
	});
}

/**
 * Finds Postgres and Redis, installing the Debian packages once when either is missing
 * (`apt-get update` first: a fresh machine's package lists may be empty or old). Needs root.
 */
export async function ensureQueueModePackages(
	log: (line: string) => void,
): Promise<QueueModeBinaries> {
	let postgresBin = findPostgresBin();
	let redisServer = findRedisServer();
	if (!postgresBin || !redisServer) {
		const missing = [
			postgresBin ? undefined : 'postgresql',
			redisServer ? undefined : 'redis-server',
		].filter((name): name is string => !!name);
		if (typeof process.getuid === 'function' && process.getuid() !== 0) {
			throw new Error(
				`queue mode needs the Debian packages ${missing.join(' and ')}: run "apt-get update && apt-get install -y ${missing.join(' ')}" as root`,
			);
		}
		log(`installing ${missing.join(' and ')} with apt-get (once per machine)`);
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		await run('apt-get', ['update'], { log, env });
		await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { log, env });
		postgresBin = findPostgresBin();
		redisServer = findRedisServer();
	}
	if (!postgresBin)
		throw new Error(`no Postgres found under ${POSTGRES_ROOT} after installing postgresql`);
	if (!redisServer)
		throw new Error(
			`no redis-server found (${REDIS_CANDIDATES.join(', ')}) after installing redis-server`,
		);
	return { postgresBin, redisServer };
}
