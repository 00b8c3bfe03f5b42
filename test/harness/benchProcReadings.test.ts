/**
 * What the end-to-end bench reads of n8n's process from /proc (scripts/bench/procCpu.ts): the
 * bytes handed to write calls, which tell how much of the database a push rewrote, and the CPU
 * time by thread, which tells whether a difference was n8n's JavaScript or its SQLite queries.
 * Read here of this very process, after work whose size the test knows.
 */
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

	test('threadCpu puts JavaScript work on the main thread', () => {
		const before = threadCpu(process.pid);
		const started = process.cpuUsage();
		let spin = 0;
		while (process.cpuUsage(started).user < 200_000) spin += 1;
		const after = threadCpu(process.pid);
		expect(spin).toBeGreaterThan(0);
		// 200 ms of user time on this thread; /proc counts in clock ticks (10 ms).
		expect(after.main - before.main).toBeGreaterThanOrEqual(150);
		expect(after.threadPool - before.threadPool).toBeLessThan(50);
	});

	test('an unknown process reads as nothing, not as an error', () => {
		expect(writtenBytes(2 ** 22 + 1)).toBe(0);
		expect(threadCpu(2 ** 22 + 1)).toEqual({ main: 0, v8Helpers: 0, threadPool: 0, other: 0 });
	});
});
