/** Command-line flags and environment variables of the simulator CLI (flags win over env). */
import type { SimulatorOptions } from './options';

export const DEFAULT_CLI_PORT = 8787;

interface FlagSpec {
	flag: string;
	env: string;
	kind: 'int' | 'number' | 'string' | 'bool';
	help: string;
	apply: (o: SimulatorOptions, value: string | number | boolean) => void;
}

export const FLAGS: readonly FlagSpec[] = [
	{
		flag: 'port',
		env: 'MKT_SIM_PORT',
		kind: 'int',
		help: `port (default ${DEFAULT_CLI_PORT}; 0 = ephemeral)`,
		apply: (o, v) => (o.port = v as number),
	},
	{
		flag: 'host',
		env: 'MKT_SIM_HOST',
		kind: 'string',
		help: 'loopback host (default 127.0.0.1)',
		apply: (o, v) => (o.host = v as string),
	},
	{
		flag: 'packing-delay-ms',
		env: 'MKT_SIM_PACKING_DELAY_MS',
		kind: 'int',
		help: 'APPROVED -> PACKED delay after label generation (default 2000)',
		apply: (o, v) => (o.packingDelayMs = v as number),
	},
	{
		flag: 'access-token-ttl',
		env: 'MKT_SIM_ACCESS_TOKEN_TTL',
		kind: 'int',
		help: 'access token lifetime, seconds (default 5184000)',
		apply: (o, v) => (o.accessTokenTtlSec = v as number),
	},
	{
		flag: 'refresh-token-ttl',
		env: 'MKT_SIM_REFRESH_TOKEN_TTL',
		kind: 'int',
		help: 'refresh token lifetime, seconds (default 15552000)',
		apply: (o, v) => (o.refreshTokenTtlSec = v as number),
	},
	{
		flag: 'refresh-buffer',
		env: 'MKT_SIM_REFRESH_BUFFER',
		kind: 'int',
		help: 'refresh token renewal buffer, seconds (default 1814400)',
		apply: (o, v) => (o.refreshRenewalBufferSec = v as number),
	},
	{
		flag: 'auth-code-ttl',
		env: 'MKT_SIM_AUTH_CODE_TTL',
		kind: 'int',
		help: 'authorization code lifetime, seconds (default 600)',
		apply: (o, v) => (o.authCodeTtlSec = v as number),
	},
	{
		flag: 'receiver-url',
		env: 'MKT_SIM_RECEIVER_URL',
		kind: 'string',
		help: 'push receiver URL',
		apply: (o, v) => (o.receiver = { ...(o.receiver ?? {}), url: v as string }),
	},
	{
		flag: 'registered-url',
		env: 'MKT_SIM_REGISTERED_URL',
		kind: 'string',
		help: 'URL that is signed (default: the receiver URL)',
		apply: (o, v) => (o.receiver = { url: o.receiver?.url ?? '', registeredUrl: v as string }),
	},
	{
		flag: 'seed',
		env: 'MKT_SIM_SEED',
		kind: 'int',
		help: 'PRNG seed of the seeded data (default 1)',
		apply: (o, v) => (o.seed = v as number),
	},
	{
		flag: 'shipments-per-location',
		env: 'MKT_SIM_SHIPMENTS_PER_LOCATION',
		kind: 'int',
		help: 'seeded shipments per location (default 30)',
		apply: (o, v) => (o.seedShipmentsPerLocation = v as number),
	},
	{
		flag: 'start-time',
		env: 'MKT_SIM_START_TIME',
		kind: 'string',
		help: 'pin the simulator clock start (ISO-8601)',
		apply: (o, v) => (o.startTime = v as string),
	},
	{
		flag: 'self-app-id',
		env: 'MKT_SIM_SELF_APP_ID',
		kind: 'string',
		help: 'self access app id (default demo-self-app)',
		apply: (o, v) => (o.selfApp = { ...o.selfApp, appId: v as string }),
	},
	{
		flag: 'self-app-secret',
		env: 'MKT_SIM_SELF_APP_SECRET',
		kind: 'string',
		help: 'self access app secret',
		apply: (o, v) => (o.selfApp = { ...o.selfApp, appSecret: v as string }),
	},
	{
		flag: 'partner-app-id',
		env: 'MKT_SIM_PARTNER_APP_ID',
		kind: 'string',
		help: 'partner app id (default demo-partner-app)',
		apply: (o, v) => (o.partnerApp = { ...o.partnerApp, appId: v as string }),
	},
	{
		flag: 'partner-app-secret',
		env: 'MKT_SIM_PARTNER_APP_SECRET',
		kind: 'string',
		help: 'partner app secret',
		apply: (o, v) => (o.partnerApp = { ...o.partnerApp, appSecret: v as string }),
	},
	{
		flag: 'partner-redirect-uri',
		env: 'MKT_SIM_PARTNER_REDIRECT_URI',
		kind: 'string',
		help: 'partner app registered redirect URI',
		apply: (o, v) => (o.partnerApp = { ...o.partnerApp, redirectUri: v as string }),
	},
	{
		flag: 'quiet',
		env: 'MKT_SIM_QUIET',
		kind: 'bool',
		help: 'do not log requests',
		apply: (o, v) => (o.quiet = v as boolean),
	},
];

export interface CliConfig {
	help: boolean;
	options: SimulatorOptions;
}

function convert(spec: FlagSpec, raw: string, source: string): string | number | boolean {
	if (spec.kind === 'bool') return raw === '' || /^(1|true|yes|on)$/i.test(raw);
	if (spec.kind === 'string') return raw;
	const n = Number(raw);
	if (raw.trim() === '' || !Number.isFinite(n) || (spec.kind === 'int' && !Number.isInteger(n)))
		throw new Error(`${source} expects a number, got "${raw}"`);
	return n;
}

export function parseCliArgs(
	argv: readonly string[],
	env: Record<string, string | undefined>,
): CliConfig {
	const options: SimulatorOptions = { port: DEFAULT_CLI_PORT, quiet: false };
	for (const spec of FLAGS) {
		const raw = env[spec.env];
		if (raw !== undefined && raw !== '') spec.apply(options, convert(spec, raw, spec.env));
	}
	let help = false;
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--help' || arg === '-h') {
			help = true;
			continue;
		}
		const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
		const spec = m ? FLAGS.find((f) => f.flag === m[1]) : undefined;
		if (!m || !spec) throw new Error(`Unknown argument ${arg} (see --help)`);
		let raw = m[2];
		if (raw === undefined) {
			if (spec.kind === 'bool') raw = '';
			else {
				raw = argv[++i];
				if (raw === undefined) throw new Error(`--${spec.flag} needs a value`);
			}
		}
		spec.apply(options, convert(spec, raw, `--${spec.flag}`));
	}
	if (options.receiver && !options.receiver.url)
		throw new Error('--registered-url needs --receiver-url');
	return { help, options };
}

export function usage(): string {
	const lines = FLAGS.map(
		(f) =>
			`  --${f.flag}${f.kind === 'bool' ? '' : ' <value>'}`.padEnd(36) + `${f.help} [${f.env}]`,
	);
	return [
		'Usage: npm run simulator -- [options]',
		'',
		...lines,
		'  --help'.padEnd(36) + 'this text',
	].join('\n');
}
