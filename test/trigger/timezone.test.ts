/**
 * Zone independence: the verification runs in child Node processes whose host time zone is far
 * from UTC (Jest cannot change the zone of its own workers: process.env inside a test is a
 * copy). Each child first reports its offset, proving the zone took effect.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

import { VECTOR } from './helpers';

// Loads TypeScript in the child with the compiler the tests already use.
const HOOK = `
const ts = require('typescript');
const fs = require('fs');
require.extensions['.ts'] = (module, filename) => {
	const out = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
		compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
		fileName: filename,
	}).outputText;
	module._compile(out, filename);
};
require(process.argv[1]);
`;

function probe(zone: string): Record<string, unknown> {
	const out = execFileSync(process.execPath, ['-e', HOOK, join(__dirname, 'tzProbe.ts')], {
		cwd: join(__dirname, '../..'),
		env: { ...process.env, TZ: zone },
	}).toString();
	return JSON.parse(out) as Record<string, unknown>;
}

const ZONES: Array<[string, number]> = [
	// [zone, getTimezoneOffset() in minutes at the worked example's instant]
	['UTC', 0],
	['Asia/Kolkata', -330],
	['America/Los_Angeles', 480],
	['Pacific/Chatham', -825],
	['Pacific/Kiritimati', -840],
	['America/St_Johns', 210],
];

describe.each(ZONES)('host time zone %s', (zone, offsetMinutes) => {
	let seen: Record<string, unknown>;
	beforeAll(() => {
		seen = probe(zone);
	});

	it('is really in effect in the child process', () => {
		expect(seen.tz).toBe(zone);
		expect(seen.offsetMinutes).toBe(offsetMinutes);
	});

	it('parses the three HTTP-date forms of the worked example to the same epoch', () => {
		expect(seen.imf).toEqual({ ok: true, epochSeconds: VECTOR.epoch, form: 'imf-fixdate' });
		expect(seen.rfc850).toEqual({ ok: true, epochSeconds: VECTOR.epoch, form: 'rfc850' });
		expect(seen.asctime).toEqual({ ok: true, epochSeconds: VECTOR.epoch, form: 'asctime' });
	});

	it('verifies the worked example, accepts 299 s and rejects 301 s on both sides', () => {
		expect(seen).toMatchObject({
			exact: 'ok',
			past299: 'ok',
			future299: 'ok',
			past301: 'date_outside_window',
			future301: 'date_outside_window',
		});
	});

	it('verifies pushes signed around daylight-saving changes with zero skew', () => {
		expect(seen.aroundDst).toEqual([0, 0, 0, 0, 0]);
	});
});
