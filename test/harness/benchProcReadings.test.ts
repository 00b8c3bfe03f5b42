/**
 * What the end-to-end bench reads of n8n's process from /proc (scripts/bench/procCpu.ts): the
 * bytes handed to write calls, which tell how much of the database a push rewrote, and the CPU
 * time by thread, which tells whether a difference was n8n's JavaScript or its SQLite queries.
 * Read here of this very process, after work whose size the test knows.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { threadCpu, writtenBytes } from '../../scripts/bench/procCpu';

const onLinux = process.platform === 'linux' ? describe : describe.skip;

onLinux('procCpu readings', () => {
	test('writtenBytes counts what the process wrote', () => {
		const file = join(tmpdir(), `bench-written-${process.pid}`);
		const chunk = Buffer.alloc(64 * 1024, 1);
		const before = writtenBytes(process.pid);
		const fd = openSync(file, 'w');
		try {
			for (let i = 0; i < 16; i++) writeSync(fd, chunk);
		} finally {
			closeSync(fd);
			rmSync(file, { force: true });
		}
		const written = writtenBytes(process.pid) - before;
		expect(written).toBeGreaterThanOrEqual(16 * chunk.length);
		// Jest's own writes meanwhile are small next to the megabyte written here.
		expect(written).toBeLessThan(2 * 16 * chunk.length);
	});

	test('threadCpu puts JavaScript work on the main thread', async () => {
		// A fresh Node process spins for 200 ms of user time, says so, and waits to be read: in
		// this Jest worker, V8's helper threads may be busy with the heap earlier tests left, and
		// that time would come out of the 200 ms the spin waits for.
		const child = spawn(
			process.execPath,
			[
				'-e',
				"const s = process.cpuUsage(); while (process.cpuUsage(s).user < 200000); console.log('spun'); setInterval(() => {}, 1000);",
			],
			{ stdio: ['ignore', 'pipe', 'inherit'] },
		);
		try {
			await new Promise<void>((resolve, reject) => {
				child.stdout.on('data', (chunk: Buffer) => {
					if (chunk.toString().includes('spun')) resolve();
				});
				child.on('error', reject);
				child.on('exit', (code) => reject(new Error(`the spinning process exited (${code})`)));
			});
			const spun = threadCpu(child.pid!);
			// 200 ms of user time on this thread, and Node's start; /proc counts in clock ticks (10 ms).
			expect(spun.main).toBeGreaterThanOrEqual(150);
			expect(spun.threadPool).toBeLessThan(50);
		} finally {
			child.kill('SIGKILL');
		}
	});

	test('an unknown process reads as nothing, not as an error', () => {
		expect(writtenBytes(2 ** 22 + 1)).toBe(0);
		expect(threadCpu(2 ** 22 + 1)).toEqual({ main: 0, v8Helpers: 0, threadPool: 0, other: 0 });
	});
});
