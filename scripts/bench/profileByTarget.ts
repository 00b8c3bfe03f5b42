/**
 * Splits the CPU profile `npm run bench:e2e -- --profile DIR` took of n8n's main process by the
 * target whose phase was running, so two targets of one run can be set side by side per push:
 * the same n8n, the same minutes, the same machine load (profiles of separate runs differed by a
 * fifth in speed alone).
 *
 *   node build/scripts/bench/profileByTarget.js DIR/<engine> [--diff 'trigger v2+10k' 'floor']
 *                                                           [--top 25]
 *
 * Per target and phase (c=1, c=8): main-thread ms per request, by where the time was spent
 * (this package, the bench floor, n8n's packages, other modules, Node, V8's garbage collector,
 * "(program)"), and the time spent under each node's own methods with what they called. With
 * --diff, the functions whose self time per request differs most between the two targets.
 * A sample counts for the time to the next one; samples outside every phase (warm-up, the flush
 * before each phase, the waits between them) are left out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The file beside the profile that says when each measured phase ran (e2e.ts writes it). */
export const PHASE_WINDOWS_FILE = 'phases.json';

export interface PhaseWindow {
	phase: string;
	target: string;
	round: number;
	requests: number;
	/** Monotonic µs, as the profile's startTime and samples. */
	startUs: number;
	endUs: number;
}

interface CallFrame {
	functionName: string;
	url: string;
	lineNumber: number;
}

interface ProfileNode {
	id: number;
	callFrame: CallFrame;
	children?: number[];
}

export interface CpuProfile {
	nodes: ProfileNode[];
	startTime: number;
	endTime: number;
	samples: number[];
	timeDeltas: number[];
}

/** Main-thread time of one target in one phase, summed over its rounds. */
export interface TargetProfile {
	phase: string;
	target: string;
	requests: number;
	totalMs: number;
	/** Self time by where it was spent. */
	byPlace: Map<string, number>;
	/** Time under a frame of this place, with all it called (this package, the floor). */
	underPlace: Map<string, number>;
	/** Self time by function ("name place:line"). */
	byFunction: Map<string, number>;
	/** Self time by function, of the time under this package's frames. */
	byFunctionUnderPackage: Map<string, number>;
}

/** Where a frame's code lives: this package, the floor, an n8n package, another module, Node, V8. */
export function placeOf(frame: CallFrame): string {
	const { url, functionName } = frame;
	if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
	// Installed as a community package (n8n's own runtime sits in a cache folder of that name).
	if (url.includes('/node_modules/n8n-nodes-marketplace-seller/')) return 'this package';
	if (url.includes('/bench/floor/')) return 'bench floor';
	if (url.startsWith('node:')) return 'node';
	const module = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(url)?.[1];
	if (module === undefined) return 'other';
	return module === 'n8n' || module.startsWith('n8n-') || module.startsWith('@n8n/')
		? module
		: 'other modules';
}

/** The places whose frames are the node's own code, for the time under them. */
const OWN_CODE = new Set(['this package', 'bench floor']);

function functionKey(frame: CallFrame): string {
	const file = frame.url.split('/').slice(-2).join('/');
	return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

function add(map: Map<string, number>, key: string, ms: number): void {
	map.set(key, (map.get(key) ?? 0) + ms);
}

/** The profile's time split by the phase windows it falls in, per phase and target. */
export function splitByTarget(profile: CpuProfile, windows: PhaseWindow[]): TargetProfile[] {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parentOf = new Map<number, number>();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parentOf.set(child, node.id);
	// For each node, the own-code places on its stack (itself and its callers).
	const ownAbove = new Map<number, Set<string>>();
	const ownPlacesOf = (id: number): Set<string> => {
		const known = ownAbove.get(id);
		if (known !== undefined) return known;
		const parent = parentOf.get(id);
		const places = new Set(parent === undefined ? [] : ownPlacesOf(parent));
		const place = placeOf(byId.get(id)!.callFrame);
		if (OWN_CODE.has(place)) places.add(place);
		ownAbove.set(id, places);
		return places;
	};

	const sorted = [...windows].sort((a, b) => a.startUs - b.startUs);
	const results = new Map<string, TargetProfile>();
	for (const window of sorted) {
		const key = `${window.phase}\u0000${window.target}`;
		const entry = results.get(key) ?? {
			phase: window.phase,
			target: window.target,
			requests: 0,
			totalMs: 0,
			byPlace: new Map<string, number>(),
			underPlace: new Map<string, number>(),
			byFunction: new Map<string, number>(),
			byFunctionUnderPackage: new Map<string, number>(),
		};
		entry.requests += window.requests;
		results.set(key, entry);
	}

	let at = profile.startTime;
	let windowIndex = 0;
	for (let i = 0; i < profile.samples.length; i++) {
		at += profile.timeDeltas[i];
		const next = i + 1 < profile.samples.length ? profile.timeDeltas[i + 1] : 0;
		while (windowIndex < sorted.length && sorted[windowIndex].endUs <= at) windowIndex++;
		const window = sorted[windowIndex];
		if (window === undefined) break;
		if (at < window.startUs || next <= 0) continue;
		const node = byId.get(profile.samples[i]);
		if (node === undefined || node.callFrame.functionName === '(idle)') continue;
		const entry = results.get(`${window.phase}\u0000${window.target}`)!;
		const ms = next / 1000;
		entry.totalMs += ms;
		add(entry.byPlace, placeOf(node.callFrame), ms);
		add(entry.byFunction, functionKey(node.callFrame), ms);
		const own = ownPlacesOf(node.id);
		for (const place of own) add(entry.underPlace, place, ms);
		if (own.has('this package')) add(entry.byFunctionUnderPackage, functionKey(node.callFrame), ms);
	}
	return [...results.values()];
}

function perRequest(entry: TargetProfile, ms: number | undefined): string {
	return ((ms ?? 0) / entry.requests).toFixed(3).padStart(7);
}

function printTargets(entries: TargetProfile[]): void {
	const places = [...new Set(entries.flatMap((entry) => [...entry.byPlace.keys()]))].sort();
	console.log('main-thread ms per request, self time by place (idle left out)');
	for (const entry of entries) {
		console.log(
			`\n${entry.phase.padEnd(5)} ${entry.target} (${entry.requests} requests): ${perRequest(entry, entry.totalMs)} in all`,
		);
		for (const place of places)
			if (entry.byPlace.has(place))
				console.log(`  ${place.padEnd(28)} ${perRequest(entry, entry.byPlace.get(place))}`);
		for (const [place, ms] of entry.underPlace)
			console.log(`  under ${place}, with its calls ${perRequest(entry, ms)}`);
	}
}

/** Where the time under this package's frames went: its own functions and what they called. */
function printUnderPackage(entries: TargetProfile[], top: number): void {
	for (const entry of entries) {
		if (entry.byFunctionUnderPackage.size === 0) continue;
		console.log(
			`\n${entry.phase} ${entry.target}: self ms per request under this package's frames`,
		);
		const rows = [...entry.byFunctionUnderPackage].sort((x, y) => y[1] - x[1]).slice(0, top);
		for (const [key, ms] of rows) console.log(`  ${perRequest(entry, ms)}  ${key}`);
	}
}

function printDiff(entries: TargetProfile[], a: string, b: string, top: number): void {
	for (const phase of [...new Set(entries.map((entry) => entry.phase))]) {
		const left = entries.find((entry) => entry.phase === phase && entry.target === a);
		const right = entries.find((entry) => entry.phase === phase && entry.target === b);
		if (left === undefined || right === undefined) continue;
		const keys = new Set([...left.byFunction.keys(), ...right.byFunction.keys()]);
		const rows = [...keys].map((key) => {
			const l = (left.byFunction.get(key) ?? 0) / left.requests;
			const r = (right.byFunction.get(key) ?? 0) / right.requests;
			return { key, l, r, d: l - r };
		});
		rows.sort((x, y) => Math.abs(y.d) - Math.abs(x.d));
		const total = left.totalMs / left.requests - right.totalMs / right.requests;
		console.log(
			`\n${phase}: ${a} - ${b}, self ms per request (${total >= 0 ? '+' : ''}${total.toFixed(3)} in all)`,
		);
		for (const row of rows.slice(0, top))
			console.log(
				`  ${(row.d >= 0 ? '+' : '') + row.d.toFixed(3)}  (${row.l.toFixed(3)} vs ${row.r.toFixed(3)})  ${row.key}`,
			);
	}
}

function main(argv: string[]): void {
	const dir = argv[0];
	if (dir === undefined)
		throw new Error('usage: profileByTarget.js DIR/<engine> [--diff A B] [--top N]');
	const diffAt = argv.indexOf('--diff');
	const topAt = argv.indexOf('--top');
	const top = topAt >= 0 ? Number(argv[topAt + 1]) : 25;
	// n8n's main process wrote the largest profile (a task runner may write its own).
	const profileFile = readdirSync(dir)
		.filter((name) => name.endsWith('.cpuprofile'))
		.map((name) => join(dir, name))
		.sort((x, y) => statSync(y).size - statSync(x).size)[0];
	if (profileFile === undefined) throw new Error(`no .cpuprofile in ${dir}`);
	const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
	const windows = JSON.parse(readFileSync(join(dir, PHASE_WINDOWS_FILE), 'utf8')) as PhaseWindow[];
	const entries = splitByTarget(profile, windows);
	printTargets(entries);
	printUnderPackage(entries, top);
	if (diffAt >= 0) printDiff(entries, argv[diffAt + 1], argv[diffAt + 2], top);
}

if (require.main === module) main(process.argv.slice(2));
