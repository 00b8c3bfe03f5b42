/**
 * The end-to-end bench's split of n8n's CPU profile by target (scripts/bench/profileByTarget.ts):
 * each sample counts for the time to the next one, in the phase window it falls in, under the
 * place its code lives in and under the node code on its stack.
 */
import {
	placeOf,
	splitByTarget,
	type CpuProfile,
	type PhaseWindow,
} from '../../scripts/bench/profileByTarget';

const PACKAGE =
	'/n8n/.n8n/nodes/node_modules/n8n-nodes-marketplace-seller/dist/nodes/X/webhookFlow.js';
/** n8n's runtime lives in a cache folder named after this package: it is not this package. */
const N8N_WORKFLOW =
	'/root/.cache/n8n-nodes-marketplace-seller/n8n-2.40.7/node_modules/n8n-workflow/dist/cjs/utils.js';
const FLOOR = '/repo/build/scripts/bench/floor/BenchFloorTrigger.node.js';

function frame(functionName: string, url: string) {
	return { functionName, url, lineNumber: 0 };
}

/**
 * root
 *  ├─ 2 (program)
 *  ├─ 3 (idle)
 *  ├─ 4 receivePush (this package) ── 5 deepCopy (n8n-workflow)
 *  └─ 6 execute (bench floor)
 */
const nodes = [
	{ id: 1, callFrame: frame('(root)', ''), children: [2, 3, 4, 6] },
	{ id: 2, callFrame: frame('(program)', '') },
	{ id: 3, callFrame: frame('(idle)', '') },
	{ id: 4, callFrame: frame('receivePush', `file://${PACKAGE}`), children: [5] },
	{ id: 5, callFrame: frame('deepCopy', N8N_WORKFLOW) },
	{ id: 6, callFrame: frame('execute', FLOOR) },
];

describe('bench profile split by target', () => {
	test('placeOf tells the package, the floor, n8n packages, other modules, Node and V8 apart', () => {
		expect(placeOf(frame('x', PACKAGE))).toBe('this package');
		expect(placeOf(frame('x', N8N_WORKFLOW))).toBe('n8n-workflow');
		expect(placeOf(frame('x', FLOOR))).toBe('bench floor');
		expect(placeOf(frame('x', '/a/node_modules/@n8n/typeorm/driver/x.js'))).toBe('@n8n/typeorm');
		expect(placeOf(frame('x', '/a/node_modules/n8n/dist/x.js'))).toBe('n8n');
		expect(placeOf(frame('x', '/a/node_modules/@n8n/typeorm/node_modules/glob/x.js'))).toBe(
			'other modules',
		);
		expect(placeOf(frame('x', '/a/node_modules/sqlite3/lib/trace.js'))).toBe('other modules');
		expect(placeOf(frame('x', 'node:internal/util/inspect'))).toBe('node');
		expect(placeOf(frame('(garbage collector)', ''))).toBe('(garbage collector)');
		expect(placeOf(frame('hexWrite', ''))).toBe('(native)');
	});

	test('each sample counts for the time to the next, in its window, under its own code', () => {
		// Samples at 1000, 1100, ... (µs): deltas are the time since the sample before.
		const profile: CpuProfile = {
			nodes,
			startTime: 900,
			endTime: 3000,
			//         t=1000 1100 1200 1300 1400 1500 1600 1700 1800 1900
			samples: [5, 4, 2, 3, 5, 6, 6, 2, 5, 4],
			timeDeltas: [100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
		};
		const windows: PhaseWindow[] = [
			// 1000..1400: the trigger (samples at 1000, 1100, 1200, 1300; 1400 is past its end)
			{ phase: 'c=1', target: 'trigger', round: 1, requests: 2, startUs: 1000, endUs: 1400 },
			// 1450..1750: the floor (1500, 1600, 1700)
			{ phase: 'c=1', target: 'floor', round: 1, requests: 1, startUs: 1450, endUs: 1750 },
			// a second round of the trigger (1800; the last sample has no next one to measure by)
			{ phase: 'c=1', target: 'trigger', round: 2, requests: 2, startUs: 1800, endUs: 2000 },
		];
		const [trigger, floor] = splitByTarget(profile, windows);

		expect(trigger.target).toBe('trigger');
		expect(trigger.requests).toBe(4);
		// 1000 deepCopy, 1100 receivePush, 1200 (program), 1300 idle (left out), 1800 deepCopy.
		expect(trigger.totalMs).toBeCloseTo(0.4);
		expect(trigger.byPlace.get('n8n-workflow')).toBeCloseTo(0.2);
		expect(trigger.byPlace.get('this package')).toBeCloseTo(0.1);
		expect(trigger.byPlace.get('(program)')).toBeCloseTo(0.1);
		// deepCopy ran under receivePush: it counts as time under this package.
		expect(trigger.underPlace.get('this package')).toBeCloseTo(0.3);
		expect(trigger.byFunctionUnderPackage.get('deepCopy cjs/utils.js:1')).toBeCloseTo(0.2);

		expect(floor.target).toBe('floor');
		expect(floor.requests).toBe(1);
		expect(floor.totalMs).toBeCloseTo(0.3);
		expect(floor.underPlace.get('bench floor')).toBeCloseTo(0.2);
		expect(floor.underPlace.has('this package')).toBe(false);
	});
});
