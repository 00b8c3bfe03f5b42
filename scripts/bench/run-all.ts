/**
 * `npm run bench`: runs every benchmark of the package in its own Node process (with the garbage
 * collector exposed, so memory figures are measured after a collection) and prints their figures.
 * Benchmarks print figures; nothing here asserts on time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const BENCHES = ['trigger', 'action'];

let failed = false;
for (const name of BENCHES) {
	const file = join(__dirname, `${name}.js`);
	if (!existsSync(file)) {
		console.error(`bench ${name}: ${file} is missing (run npm run build:tools)`);
		failed = true;
		continue;
	}
	console.log(`\n=== bench: ${name}`);
	const result = spawnSync(process.execPath, ['--expose-gc', file], { stdio: 'inherit' });
	if (result.status !== 0) {
		console.error(`bench ${name} exited with ${result.status ?? result.signal}`);
		failed = true;
	}
}
process.exitCode = failed ? 1 : 0;
