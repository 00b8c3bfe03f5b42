/**
 * One real n8n process for demos, end-to-end tests and benches: started offline on loopback,
 * in its own process group, with its own user folder, ports and log file.
 *
 *   const n8n = await N8nInstance.start({ kind: 'n8n2', userFolder: '.e2e/run1' });
 *   await n8n.installCommunityPackage('n8n-nodes-foo-1.0.0.tgz');  // before start, or restart after
 *   await n8n.restart();
 *   const api = await n8n.setupOwner();                              // PublicApiClient
 *   ...
 *   await n8n.stop();
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
	closeSync,
	existsSync,
	mkdirSync,
	openSync,
	readFileSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { installCommunityPackage, InstalledPackage } from './community-package';
import { freePort, HttpResult, pollUntil, request, sleep } from './net';
import { PublicApiClient } from './public-api';
import { ensureRuntime, N8nKind, Runtime } from './runtime';

/** Fixed key: a reused user folder must always be started with the key it was created with. */
export const DEFAULT_ENCRYPTION_KEY = 'n8n-nodes-marketplace-seller-e2e-fixed-key-0001';
/** The cookie n8n-auth is bound to this header's hash; every REST call must send the same one. */
export const BROWSER_ID = 'n8n-nodes-marketplace-seller-e2e-browser';

export interface OwnerCredentials {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEFAULT_OWNER: OwnerCredentials = {
	email: 'owner@example.com',
	password: 'Demo-Passw0rd!',
	firstName: 'Demo',
	lastName: 'Owner',
};

export interface N8nStartOptions {
	/** Which n8n to run (default 'n8n2'). Ignored when `runtime` is given. */
	kind?: N8nKind;
	/** A runtime from ensureRuntime(), to avoid running the script again. */
	runtime?: Runtime;
	/** N8N_USER_FOLDER (created if missing; n8n keeps its data in <userFolder>/.n8n). */
	userFolder: string;
	encryptionKey?: string;
	/** HTTP port (default: a free one). Kept across restart(). */
	port?: number;
	/** Task broker port N8N_RUNNERS_BROKER_PORT (default: a free one). Kept across restart(). */
	brokerPort?: number;
	/** Extra/overriding environment for n8n. */
	env?: Record<string, string | undefined>;
	/** How long start-up may take before giving up (first 1.x start migrates for about a minute). */
	readyTimeoutMs?: number;
	/** Tarballs to install (as n8n installs community packages) before the process starts. */
	communityPackages?: string[];
	owner?: OwnerCredentials;
	/** Harness progress messages (default: stderr with a prefix). */
	log?: (line: string) => void;
	/** Node options before n8n's script, such as --cpu-prof (Node refuses it in NODE_OPTIONS). */
	nodeArgs?: string[];
}

interface SavedState {
	owner?: OwnerCredentials;
	apiKey?: string;
	encryptionKey?: string;
}

export class N8nStartError extends Error {
	constructor(
		message: string,
		readonly logTail: string,
	) {
		super(`${message}\n--- last lines of the n8n log ---\n${logTail}`);
		this.name = 'N8nStartError';
	}
}

export class N8nInstance {
	readonly runtime: Runtime;
	readonly userFolder: string;
	readonly port: number;
	readonly brokerPort: number;
	readonly baseUrl: string;
	readonly logFile: string;
	readonly encryptionKey: string;
	readonly owner: OwnerCredentials;
	private readonly extraEnv: Record<string, string | undefined>;
	private readonly readyTimeoutMs: number;
	private readonly log: (line: string) => void;
	private readonly nodeArgs: string[];
	private child: ChildProcess | undefined;
	private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
	private exitPromise: Promise<void> | undefined;
	private logOffset = 0;
	private cookie: string | undefined;
	private apiKeyValue: string | undefined;
	private apiClient: PublicApiClient | undefined;

	private constructor(runtime: Runtime, opts: N8nStartOptions, port: number, brokerPort: number) {
		this.runtime = runtime;
		this.userFolder = isAbsolute(opts.userFolder) ? opts.userFolder : resolve(opts.userFolder);
		this.port = port;
		this.brokerPort = brokerPort;
		this.baseUrl = `http://127.0.0.1:${port}`;
		this.logFile = join(this.userFolder, 'n8n.log');
		this.encryptionKey = opts.encryptionKey ?? DEFAULT_ENCRYPTION_KEY;
		this.owner = opts.owner ?? DEFAULT_OWNER;
		this.extraEnv = opts.env ?? {};
		this.readyTimeoutMs = opts.readyTimeoutMs ?? 240_000;
		this.log = opts.log ?? ((line) => process.stderr.write(`[n8n-harness] ${line}\n`));
		this.nodeArgs = opts.nodeArgs ?? [];
	}

	/** Starts n8n and waits until healthz, REST and webhook routing answer. */
	static async start(opts: N8nStartOptions): Promise<N8nInstance> {
		const runtime = opts.runtime ?? (await ensureRuntime(opts.kind ?? 'n8n2'));
		const port = opts.port ?? (await freePort());
		const brokerPort = opts.brokerPort ?? (await freePort([port]));
		const instance = new N8nInstance(runtime, opts, port, brokerPort);
		mkdirSync(instance.userFolder, { recursive: true });
		instance.checkEncryptionKey();
		for (const tarball of opts.communityPackages ?? []) {
			await instance.installCommunityPackage(tarball);
		}
		await instance.launch();
		return instance;
	}

	/** The major version of the running n8n (1 or 2). */
	get major(): number {
		return this.runtime.major;
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	get running(): boolean {
		return this.child !== undefined && this.exitInfo === undefined;
	}

	get databaseFile(): string {
		return join(this.userFolder, '.n8n', 'database.sqlite');
	}

	get editorUrl(): string {
		return `${this.baseUrl}/`;
	}

	/** The environment n8n is started with (offline, loopback, fixed key). */
	environment(): NodeJS.ProcessEnv {
		const env: NodeJS.ProcessEnv = {
			...process.env,
			PATH: `${this.runtime.nodeBin}:${process.env.PATH ?? ''}`,
			N8N_USER_FOLDER: this.userFolder,
			N8N_PORT: String(this.port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_PROTOCOL: 'http',
			N8N_EDITOR_BASE_URL: `${this.baseUrl}/`,
			// 2.x reads N8N_WEBHOOK_URL (GlobalConfig) and WEBHOOK_URL (url.service); 1.x only WEBHOOK_URL.
			WEBHOOK_URL: `${this.baseUrl}/`,
			N8N_WEBHOOK_URL: `${this.baseUrl}/`,
			N8N_ENCRYPTION_KEY: this.encryptionKey,
			N8N_SECURE_COOKIE: 'false',
			N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_DYNAMIC_BANNERS_ENABLED: 'false',
			N8N_AI_ENABLED: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			N8N_LOG_OUTPUT: 'console',
		};
		// Variables of an outer n8n (e.g. a developer's shell) must not leak into the test instance.
		delete env.N8N_CONFIG_FILES;
		delete env.DB_TYPE;
		delete env.N8N_CUSTOM_EXTENSIONS;
		// Test runners set NODE_ENV=test; n8n 2.x then runs in its own test mode and exits at once.
		delete env.NODE_ENV;
		if (this.major < 2) {
			// isolated-vm does not build on Node 20 here; 1.123 then cannot start its default engine.
			env.N8N_EXPRESSION_ENGINE = 'legacy';
		}
		for (const [key, value] of Object.entries(this.extraEnv)) {
			if (value === undefined) delete env[key];
			else env[key] = value;
		}
		return env;
	}

	private checkEncryptionKey(): void {
		const saved = savedEncryptionKey(this.userFolder);
		if (saved && saved !== this.encryptionKey) {
			throw new Error(
				`${this.userFolder} was created with another encryption key; start it with that key or use a fresh folder`,
			);
		}
	}

	private async launch(): Promise<void> {
		if (this.running) throw new Error('n8n is already running');
		installExitHook();
		this.logOffset = existsSync(this.logFile) ? statSync(this.logFile).size : 0;
		const logFd = openSync(this.logFile, 'a');
		writeFileSync(
			logFd,
			`\n===== [harness] ${new Date().toISOString()} starting n8n ${this.runtime.n8nVersion} on port ${this.port} =====\n`,
		);
		this.exitInfo = undefined;
		this.cookie = undefined;
		this.log(
			`starting n8n ${this.runtime.n8nVersion} on ${this.baseUrl} (user folder ${this.userFolder}, log ${this.logFile})`,
		);
		const child = spawn(this.runtime.nodePath, [...this.nodeArgs, this.runtime.n8nBin, 'start'], {
			// bin/n8n loads a .env from its working directory: run it from the user folder.
			cwd: this.userFolder,
			env: this.environment(),
			stdio: ['ignore', logFd, logFd],
			// Own process group: stop() signals the group (n8n and its task runner), nothing else.
			detached: true,
		});
		closeSync(logFd);
		this.child = child;
		if (child.pid !== undefined) liveGroups.add(child.pid);
		this.exitPromise = new Promise<void>((resolvePromise) => {
			child.once('exit', (code, signal) => {
				if (code !== null || signal !== null)
					this.log(`n8n process ${child.pid} exited (code ${code}, signal ${signal})`);
				this.exitInfo = { code, signal };
				resolvePromise();
			});
			child.once('error', (error) => {
				this.exitInfo = { code: null, signal: null };
				this.log(`could not spawn n8n: ${error.message}`);
				resolvePromise();
			});
		});
		try {
			await this.waitUntilReady();
		} catch (error) {
			const tail = this.logTail();
			await this.stop().catch(() => undefined);
			throw new N8nStartError(`n8n did not become ready: ${(error as Error).message}`, tail);
		}
	}

	/** Last lines of this run's part of the log file. */
	logTail(lines = 60): string {
		if (!existsSync(this.logFile)) return '(no log file)';
		const text = readFileSync(this.logFile, 'utf8').slice(this.logOffset);
		return text.split('\n').slice(-lines).join('\n');
	}

	/** This run's part of the log (since the last start). */
	logSinceStart(): string {
		if (!existsSync(this.logFile)) return '';
		return readFileSync(this.logFile, 'utf8').slice(this.logOffset);
	}

	/**
	 * Waits until /healthz answers, /healthz/readiness says ready (database connected and migrated,
	 * server fully started), the REST API answers /rest/settings, and the webhook router answers a
	 * random production path with n8n's own JSON 404.
	 */
	async waitUntilReady(timeoutMs = this.readyTimeoutMs): Promise<void> {
		const abort = () =>
			this.exitInfo
				? `n8n exited (code ${this.exitInfo.code}, signal ${this.exitInfo.signal})`
				: undefined;
		const poll = async <T>(what: string, probe: () => Promise<T | undefined>) =>
			await pollUntil(what, probe, { timeoutMs, intervalMs: 300, abort });
		await poll('healthz', async () => {
			const r = await request({ url: `${this.baseUrl}/healthz`, timeout: 5_000 });
			return r.status === 200 ? true : undefined;
		});
		await poll('readiness', async () => {
			const r = await request({ url: `${this.baseUrl}/healthz/readiness`, timeout: 5_000 });
			if (r.status === 404) return true; // older versions have no readiness route
			if (r.status !== 200) throw new Error(`readiness ${r.status}`);
			return true;
		});
		await poll('REST API', async () => {
			const r = await request<{ data?: unknown }>({
				url: `${this.baseUrl}/rest/settings`,
				timeout: 10_000,
			});
			if (r.status !== 200 || typeof r.data !== 'object' || !r.data?.data)
				throw new Error(`/rest/settings ${r.status}`);
			return true;
		});
		await poll('webhook routing', async () => {
			const r = await request<{ message?: string; code?: number }>({
				method: 'POST',
				url: `${this.baseUrl}/webhook/harness-readiness-${randomUUID()}`,
				data: {},
				timeout: 10_000,
			});
			if (
				r.status === 404 &&
				typeof r.data === 'object' &&
				r.data !== null &&
				typeof r.data.message === 'string'
			) {
				return true;
			}
			throw new Error(`webhook probe ${r.status}`);
		});
		this.log(`n8n ready on ${this.baseUrl}`);
	}

	/** SIGTERM to n8n's process group, SIGKILL after `timeoutMs`. Resolves when the process has exited. */
	async stop(timeoutMs = 30_000): Promise<void> {
		const child = this.child;
		if (!child || child.pid === undefined || this.exitInfo) {
			this.child = undefined;
			return;
		}
		const pgid = child.pid;
		const signalGroup = (signal: NodeJS.Signals) => {
			try {
				process.kill(-pgid, signal);
			} catch {
				// group already gone
			}
		};
		signalGroup('SIGTERM');
		// A timer that is cleared once n8n has exited, so it does not keep this process alive.
		let timer: NodeJS.Timeout | undefined;
		const timedOut = new Promise<boolean>((resolve) => {
			timer = setTimeout(() => resolve(false), timeoutMs);
		});
		const exited = await Promise.race([this.exitPromise!.then(() => true), timedOut]);
		clearTimeout(timer);
		if (!exited) {
			this.log(`n8n (pid ${pgid}) did not stop within ${timeoutMs} ms: SIGKILL`);
			signalGroup('SIGKILL');
			await this.exitPromise;
		}
		// The task runner is in the same group; make sure nothing of the group is left behind.
		for (let i = 0; i < 20 && groupAlive(pgid); i++) await sleep(100);
		if (groupAlive(pgid)) signalGroup('SIGKILL');
		liveGroups.delete(pgid);
		this.child = undefined;
		this.cookie = undefined;
		this.log(`n8n stopped (pid ${pgid})`);
	}

	/**
	 * A crash: SIGKILL to n8n's own process group (the pid this instance started, which leads the
	 * group of n8n and its task runner), nothing else. Resolves once the process has exited and no
	 * member of the group is left. restart() then starts it again on the same folder.
	 */
	async kill(): Promise<void> {
		const child = this.child;
		if (!child || child.pid === undefined || this.exitInfo) {
			this.child = undefined;
			return;
		}
		const pgid = child.pid;
		const killGroup = () => {
			try {
				process.kill(-pgid, 'SIGKILL');
			} catch {
				// group already gone
			}
		};
		killGroup();
		await this.exitPromise;
		// A member that was forking at the signal could survive it: signal again until the group is empty.
		for (let i = 0; i < 50 && groupAlive(pgid); i++) {
			killGroup();
			await sleep(100);
		}
		// (Only zombies waiting for their reaper can be left at this point.)
		if (groupAlive(pgid)) this.log(`process group ${pgid} still listed 5 s after SIGKILL`);
		liveGroups.delete(pgid);
		this.child = undefined;
		this.cookie = undefined;
		this.log(`n8n killed (SIGKILL to process group ${pgid})`);
	}

	/** Stops and starts again with the same folder, key and ports. */
	async restart(): Promise<void> {
		await this.stop();
		await this.launch();
		if (this.apiKeyValue) await this.login();
	}

	// ------------------------------------------------------------------ owner, REST, API key

	private get stateFile(): string {
		return join(this.userFolder, 'harness-state.json');
	}

	private readState(): SavedState {
		try {
			return JSON.parse(readFileSync(this.stateFile, 'utf8')) as SavedState;
		} catch {
			return {};
		}
	}

	private writeState(state: SavedState): void {
		writeFileSync(this.stateFile, JSON.stringify(state, null, 2));
	}

	/** A REST call (/rest/...) with the owner cookie and the constant browser-id header. */
	async rest<T = unknown>(method: string, path: string, body?: unknown): Promise<HttpResult<T>> {
		const headers: Record<string, string> = { 'browser-id': BROWSER_ID };
		if (this.cookie) headers.cookie = this.cookie;
		const result = await request<T>({
			method,
			url: `${this.baseUrl}/rest${path}`,
			data: body,
			headers,
		});
		this.rememberCookie(result);
		return result;
	}

	private rememberCookie(result: HttpResult): void {
		const setCookie = result.headers['set-cookie'];
		const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
		for (const line of list) {
			const match = /^n8n-auth=([^;]*)/.exec(line);
			if (match) this.cookie = match[1] ? `n8n-auth=${match[1]}` : undefined;
		}
	}

	private async restOk<T>(method: string, path: string, body?: unknown): Promise<T> {
		const r = await this.rest<{ data: T }>(method, path, body);
		if (r.status < 200 || r.status >= 300) {
			throw new Error(
				`${method} /rest${path} -> HTTP ${r.status}: ${JSON.stringify(r.data).slice(0, 800)}`,
			);
		}
		return r.data.data;
	}

	/** Logs the owner in (sets the n8n-auth cookie). */
	async login(): Promise<void> {
		await this.restOk('POST', '/login', {
			emailOrLdapLoginId: this.owner.email,
			password: this.owner.password,
		});
		if (!this.cookie) throw new Error('login answered without an n8n-auth cookie');
	}

	/**
	 * Creates the owner (or logs in if this folder already has one), then makes sure there is a
	 * valid public-API key (reusing the saved one when it still works). Returns the API client.
	 */
	async setupOwner(): Promise<PublicApiClient> {
		const settings = await this.restOk<{ userManagement?: { showSetupOnFirstLoad?: boolean } }>(
			'GET',
			'/settings',
		);
		const state = this.readState();
		if (settings.userManagement?.showSetupOnFirstLoad) {
			this.log(`creating owner ${this.owner.email}`);
			await this.restOk('POST', '/owner/setup', this.owner);
			state.owner = this.owner;
			delete state.apiKey;
			this.writeState(state);
		}
		await this.login();

		if (state.apiKey && (await this.apiKeyWorks(state.apiKey))) {
			this.apiKeyValue = state.apiKey;
		} else {
			this.apiKeyValue = await this.createApiKey();
			this.writeState({
				...this.readState(),
				owner: this.owner,
				apiKey: this.apiKeyValue,
				encryptionKey: this.encryptionKey,
			});
		}
		this.apiClient = new PublicApiClient(this.baseUrl, this.apiKeyValue, this.major);
		return this.apiClient;
	}

	private async apiKeyWorks(apiKey: string): Promise<boolean> {
		const r = await request({
			url: `${this.baseUrl}/api/v1/workflows`,
			params: { limit: 1 },
			headers: { 'X-N8N-API-KEY': apiKey },
		});
		return r.status === 200;
	}

	private async createApiKey(): Promise<string> {
		let scopes: string[] | undefined;
		const scopesResult = await this.rest<{ data: string[] }>('GET', '/api-keys/scopes');
		if (scopesResult.status === 200 && Array.isArray(scopesResult.data?.data))
			scopes = scopesResult.data.data;
		const label = `harness ${new Date().toISOString()}`;
		const body: Record<string, unknown> = { label, expiresAt: null };
		if (scopes) body.scopes = scopes;
		const created = await this.restOk<{ rawApiKey?: string; apiKey?: string }>(
			'POST',
			'/api-keys',
			body,
		);
		const key = created.rawApiKey ?? created.apiKey;
		if (!key || key.includes('*'))
			throw new Error(`API key creation returned no usable key: ${JSON.stringify(created)}`);
		return key;
	}

	/** The public API client (after setupOwner()). */
	get api(): PublicApiClient {
		if (!this.apiClient) throw new Error('call setupOwner() first');
		return this.apiClient;
	}

	get apiKey(): string {
		if (!this.apiKeyValue) throw new Error('call setupOwner() first');
		return this.apiKeyValue;
	}

	/** The cookie header value after setupOwner()/login(), for callers that need the editor's REST API. */
	get authCookie(): string | undefined {
		return this.cookie;
	}

	/** Node type names n8n loaded (GET /types/nodes.json with the owner cookie), e.g. "n8n-nodes-foo.fooTrigger". */
	async loadedNodeTypes(): Promise<string[]> {
		if (!this.cookie) await this.login();
		const r = await request<Array<{ name: string }>>({
			url: `${this.baseUrl}/types/nodes.json`,
			headers: { cookie: this.cookie!, 'browser-id': BROWSER_ID },
		});
		if (r.status !== 200 || !Array.isArray(r.data))
			throw new Error(`/types/nodes.json -> HTTP ${r.status}`);
		return [...new Set(r.data.map((node) => node.name))];
	}

	// ------------------------------------------------------------------ community packages

	/**
	 * Installs a packed tarball into <userFolder>/.n8n/nodes the way this n8n version installs
	 * community packages. n8n loads it at its next start: call before start or restart() after.
	 */
	async installCommunityPackage(tarballPath: string): Promise<InstalledPackage> {
		return await installCommunityPackage(tarballPath, {
			userFolder: this.userFolder,
			nodeBin: this.runtime.nodeBin,
			major: this.major,
			log: this.log,
		});
	}

	// ------------------------------------------------------------------ webhooks

	webhookUrl(path: string): string {
		return `${this.baseUrl}/webhook/${path.replace(/^\/+/, '')}`;
	}

	/** The Test URL of a webhook path: where n8n listens while the editor waits for a test event. */
	webhookTestUrl(path: string): string {
		return `${this.baseUrl}/webhook-test/${path.replace(/^\/+/, '')}`;
	}

	/**
	 * Sends one request to a production webhook. Right after publishing (and after a restart, while
	 * 2.x's publication service registers the webhooks) n8n can answer 404 "not registered": such
	 * answers are retried for up to `notRegisteredRetryMs` (default 20 s). Any other status is returned.
	 */
	async postWebhook<T = unknown>(
		path: string,
		body: unknown,
		opts: {
			headers?: Record<string, string>;
			method?: string;
			notRegisteredRetryMs?: number;
			rawBody?: string | Buffer;
		} = {},
	): Promise<HttpResult<T>> {
		const deadline = Date.now() + (opts.notRegisteredRetryMs ?? 20_000);
		for (;;) {
			const result = await request<T>({
				method: opts.method ?? 'POST',
				url: this.webhookUrl(path),
				data: opts.rawBody ?? body,
				headers: { 'content-type': 'application/json', ...(opts.headers ?? {}) },
				transformResponse: [(data: string) => parseMaybeJson(data)],
			});
			if (!isNotRegistered(result) || Date.now() > deadline) return result;
			await sleep(250);
		}
	}

	// ------------------------------------------------------------------ database

	/**
	 * Runs one SQL statement against n8n's SQLite database through the sqlite3 module of this n8n
	 * install (same Node ABI). Works while n8n runs. Returns the rows.
	 */
	async queryDb<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
		const script = `
			const sqlite3 = require(${JSON.stringify(join(this.runtime.n8nDir, 'node_modules', 'sqlite3'))});
			const [file, sql, params] = JSON.parse(process.argv[1]);
			const db = new sqlite3.Database(file, sqlite3.OPEN_READWRITE, (err) => {
				if (err) { console.error(err.message); process.exit(2); }
				db.configure('busyTimeout', 10000);
				db.all(sql, params, (err, rows) => {
					if (err) { console.error(err.message); process.exit(3); }
					process.stdout.write(JSON.stringify(rows));
					db.close();
				});
			});`;
		const child = spawn(
			this.runtime.nodePath,
			['-e', script, JSON.stringify([this.databaseFile, sql, params])],
			{
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		let out = '';
		let err = '';
		child.stdout.on('data', (chunk) => (out += chunk));
		child.stderr.on('data', (chunk) => (err += chunk));
		const code = await new Promise<number | null>((r) => child.on('close', r));
		if (code !== 0) throw new Error(`sqlite query failed (${code}): ${err.trim()} [${sql}]`);
		return JSON.parse(out || '[]') as T[];
	}

	/** workflow_entity.staticData of one workflow, parsed (null when unset). */
	async workflowStaticData(workflowId: string): Promise<Record<string, unknown> | null> {
		const rows = await this.queryDb<{ staticData: string | null }>(
			'SELECT staticData FROM workflow_entity WHERE id = ?',
			[workflowId],
		);
		if (rows.length === 0) throw new Error(`no workflow ${workflowId} in the database`);
		const raw = rows[0].staticData;
		if (raw === null || raw === undefined || raw === '') return null;
		return typeof raw === 'string'
			? (JSON.parse(raw) as Record<string, unknown>)
			: (raw as Record<string, unknown>);
	}

	/** Reads a file from the user folder (e.g. what a workflow wrote). */
	async readUserFile(relativePath: string): Promise<string> {
		const handle = await open(join(this.userFolder, relativePath), 'r');
		try {
			return await handle.readFile('utf8');
		} finally {
			await handle.close();
		}
	}
}

/** The encryption key n8n saved in <userFolder>/.n8n/config, if there is a readable one. */
export function savedEncryptionKey(userFolder: string): string | undefined {
	try {
		const saved = (
			JSON.parse(readFileSync(join(userFolder, '.n8n', 'config'), 'utf8')) as {
				encryptionKey?: unknown;
			}
		).encryptionKey;
		return typeof saved === 'string' && saved !== '' ? saved : undefined;
	} catch {
		return undefined;
	}
}

/** Process groups of instances this process started and has not stopped yet. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;
function installExitHook(): void {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	// If the harness process ends without stop() (crash, process.exit), do not leave n8n running.
	process.once('exit', () => {
		for (const pgid of liveGroups) {
			try {
				process.kill(-pgid, 'SIGTERM');
			} catch {
				// already gone
			}
		}
	});
}

function groupAlive(pgid: number): boolean {
	try {
		process.kill(-pgid, 0);
		return true;
	} catch {
		return false;
	}
}

function parseMaybeJson(data: unknown): unknown {
	if (typeof data !== 'string' || data === '') return data;
	try {
		return JSON.parse(data);
	} catch {
		return data;
	}
}

/** n8n's answer for a production path that has no registered webhook (yet). */
export function isNotRegistered(result: HttpResult): boolean {
	if (result.status !== 404) return false;
	const data = result.data as { message?: unknown } | string | undefined;
	const message =
		typeof data === 'string' ? data : typeof data?.message === 'string' ? data.message : '';
	return /not registered/i.test(message);
}
