/**
 * The queue-mode setup's own Postgres cluster: initdb into the setup's folder, run by the
 * `postgres` system user (Postgres refuses to run as root) through runuser, listening on
 * 127.0.0.1 and a socket in its own folder only. Holds n8n's database and the guard's database
 * (the claims table of examples/queue-mode-guard.json, see docs/queue-mode.md#the-guard).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	appendFileSync,
	existsSync,
	lstatSync,
	mkdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { run } from './queue-mode-packages';
import { ownLivePid, stopPid, writePidFile } from './queue-mode-pids';

/** Database and role of n8n itself (DB_POSTGRESDB_*). */
export const N8N_DATABASE = {
	database: 'n8n',
	user: 'n8n',
	password: 'n8n-queue-mode-local',
} as const;
/** Database and role of the guard (the Postgres credential of examples/queue-mode-guard.json). */
export const GUARD_DATABASE = {
	database: 'marketplace_guard',
	user: 'marketplace_guard',
	password: 'guard-queue-mode-local',
} as const;

/**
 * The guard's tables, as documented in docs/queue-mode.md#the-guard. Created once here (not by the workflow: a
 * concurrent `CREATE TABLE IF NOT EXISTS` can fail in Postgres, and the workflow's role then
 * needs no DDL rights). marketplace_events is what the example's business step writes.
 */
export const GUARD_DDL = `
CREATE TABLE IF NOT EXISTS marketplace_push_claims (
  workflow_id  text        NOT NULL,
  dedup_key    text        NOT NULL,
  execution_id text,
  claimed_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (workflow_id, dedup_key)
);
CREATE INDEX IF NOT EXISTS marketplace_push_claims_expires_at_idx ON marketplace_push_claims (expires_at);
CREATE TABLE IF NOT EXISTS marketplace_events (
  id           bigserial   PRIMARY KEY,
  dedup_key    text        NOT NULL,
  event_type   text        NOT NULL,
  shipment_id  text,
  return_id    text,
  execution_id text,
  payload      jsonb       NOT NULL,
  recorded_at  timestamptz NOT NULL DEFAULT now()
);
`;

const SYSTEM_USER = 'postgres';

export interface PostgresOptions {
	/** Folder of the setup (the cluster lives in <stateDir>/postgres). */
	stateDir: string;
	/** Folder of initdb, pg_ctl, psql. */
	bin: string;
	port: number;
	log: (line: string) => void;
}

export class PostgresServer {
	readonly dir: string;
	readonly dataDir: string;
	readonly socketDir: string;
	readonly logFile: string;
	readonly pidFile: string;

	constructor(private readonly opts: PostgresOptions) {
		this.dir = postgresFolder(opts.stateDir);
		this.dataDir = join(this.dir, 'data');
		this.socketDir = join(this.dir, 'run');
		this.logFile = join(this.dir, 'postgres.log');
		this.pidFile = join(opts.stateDir, 'pids', 'postgres.pid');
	}

	get port(): number {
		return this.opts.port;
	}

	/** The live postmaster started from this data folder, if any. */
	get pid(): number | undefined {
		return ownLivePid(this.pidFile, this.dataDir);
	}

	private runuser(command: string, args: string[]): Promise<void> {
		return run('runuser', ['-u', SYSTEM_USER, '--', join(this.opts.bin, command), ...args], {
			log: this.opts.log,
		});
	}

	/** initdb on first use, then pg_ctl start; creates the roles, databases and guard tables. */
	async start(): Promise<void> {
		mkdirSync(this.socketDir, { recursive: true });
		await run('chown', ['-R', `${SYSTEM_USER}:${SYSTEM_USER}`, this.dir], { log: this.opts.log });
		if (!existsSync(join(this.dataDir, 'PG_VERSION'))) {
			await this.runuser('initdb', [
				'-D',
				this.dataDir,
				'--username=postgres',
				'--auth-local=peer',
				'--auth-host=scram-sha-256',
				'--encoding=UTF8',
				'--no-locale',
			]);
			// Our settings live in their own file, rewritten at every start (the port may change).
			appendFileSync(
				join(this.dataDir, 'postgresql.conf'),
				"\ninclude_if_exists = 'queue-mode.conf'\n",
			);
		}
		writeFileSync(
			join(this.dataDir, 'queue-mode.conf'),
			[
				"listen_addresses = '127.0.0.1'",
				`port = ${this.opts.port}`,
				`unix_socket_directories = '${this.socketDir.replace(/'/g, "''")}'`,
				'max_connections = 200',
				'',
			].join('\n'),
		);
		await run('chown', [`${SYSTEM_USER}:${SYSTEM_USER}`, join(this.dataDir, 'queue-mode.conf')], {
			log: this.opts.log,
		});
		await this.runuser('pg_ctl', [
			'-D',
			this.dataDir,
			'-l',
			this.logFile,
			'-w',
			'-t',
			'120',
			'start',
		]);
		const pid = Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
		writePidFile(this.pidFile, pid);
		this.opts.log(
			`Postgres ready on 127.0.0.1:${this.opts.port} (pid ${pid}, data ${this.dataDir})`,
		);
		await this.createDatabases();
	}

	private async createDatabases(): Promise<void> {
		for (const { database, user, password } of [N8N_DATABASE, GUARD_DATABASE]) {
			const literal = password.replace(/'/g, "''");
			await this.psql(
				`DO $$ BEGIN
				   IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${user}') THEN CREATE ROLE ${user} LOGIN PASSWORD '${literal}'; END IF;
				 END $$;`,
			);
			const exists = await this.psql(`SELECT 1 FROM pg_database WHERE datname = '${database}'`);
			if (exists.trim() !== '1') await this.psql(`CREATE DATABASE ${database} OWNER ${user}`);
		}
		// Created as the guard's role, so that role owns them.
		await this.psql(`SET ROLE ${GUARD_DATABASE.user};\n${GUARD_DDL}`, GUARD_DATABASE.database);
	}

	/**
	 * Runs SQL as the superuser over the cluster's own socket (peer authentication) and returns
	 * psql's unaligned, tuples-only output. For the setup's fixed statements and tests' reads.
	 */
	async psql(sql: string, database = 'postgres'): Promise<string> {
		const args = [
			'-u',
			SYSTEM_USER,
			'--',
			join(this.opts.bin, 'psql'),
			'-X',
			'-q',
			'-At',
			'-v',
			'ON_ERROR_STOP=1',
			'-h',
			this.socketDir,
			'-p',
			String(this.opts.port),
			'-d',
			database,
			'-f',
			'-',
		];
		return await new Promise<string>((resolve, reject) => {
			const child = spawn('runuser', args, { stdio: ['pipe', 'pipe', 'pipe'] });
			let out = '';
			let err = '';
			child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
			child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
			child.on('error', reject);
			child.on('close', (code) =>
				code === 0
					? resolve(out)
					: reject(new Error(`psql (${database}) exited with ${code}: ${err.trim()}\n${sql}`)),
			);
			child.stdin.end(sql);
		});
	}

	/** Rows of a query as JSON objects (the query is wrapped in json_agg). */
	async rows<T = Record<string, unknown>>(
		query: string,
		database = GUARD_DATABASE.database,
	): Promise<T[]> {
		const out = await this.psql(
			`SELECT coalesce(json_agg(q), '[]'::json) FROM (${query}) q`,
			database,
		);
		return JSON.parse(out.trim() || '[]') as T[];
	}

	/** pg_ctl stop (fast: ends sessions, then a clean shutdown); a SIGKILL only if that fails. */
	async stop(): Promise<void> {
		const pid = this.pid;
		if (pid !== undefined) {
			try {
				await this.runuser('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
			} catch (error) {
				this.opts.log(
					`pg_ctl stop failed (${(error as Error).message.split('\n')[0]}); signalling pid ${pid}`,
				);
				if (this.pid !== undefined) await stopPid(pid, { group: false, timeoutMs: 30_000 });
			}
			this.opts.log('Postgres stopped');
		}
		rmSync(this.pidFile, { force: true });
	}
}

/**
 * <stateDir>/postgres, when the postgres user can reach it. A clone inside a folder only root can
 * enter (such as /root) cannot hold a cluster run by another user: then the cluster lives in
 * /var/tmp/n8n-queue-mode-<hash of stateDir>, and <stateDir>/postgres is a link to it.
 */
export function postgresFolder(stateDir: string): string {
	const inside = join(stateDir, 'postgres');
	if (existsSync(inside) && lstatSync(inside).isSymbolicLink()) return realpathSync(inside);
	if (reachableByOthers(stateDir)) return inside;
	const outside = join(
		'/var/tmp',
		`n8n-queue-mode-${createHash('sha256').update(realpathSync(stateDir)).digest('hex').slice(0, 12)}`,
	);
	mkdirSync(outside, { recursive: true });
	if (!existsSync(inside)) symlinkSync(outside, inside);
	return outside;
}

/** Whether every folder from / down to `dir` lets other users through (mode o+x). */
function reachableByOthers(dir: string): boolean {
	let path = realpathSync(dir);
	for (;;) {
		if ((lstatSync(path).mode & 0o001) === 0) return false;
		if (path === '/') return true;
		path = path.slice(0, path.lastIndexOf('/')) || '/';
	}
}
