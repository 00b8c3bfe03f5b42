/**
 * CPU time of one process group (n8n and its task runner) from /proc (Linux): the sum of utime
 * and stime (fields 14 and 15 of /proc/<pid>/stat) of every process whose group id (field 5) is
 * the group. A member that exits between two readings takes its time with it; n8n's members
 * (main and the task runner) live as long as n8n does.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
	if (ticksPerSecond === undefined) {
		try {
			ticksPerSecond =
				Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
		} catch {
			ticksPerSecond = 100;
		}
	}
	return ticksPerSecond;
}

export interface GroupCpu {
	/** utime + stime of the members, milliseconds. */
	ms: number;
	members: number;
}

/** utime + stime of every live member of process group `pgid`. */
export function groupCpu(pgid: number): GroupCpu {
	let ticks = 0;
	let members = 0;
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		let stat: string;
		try {
			stat = readFileSync(`/proc/${name}/stat`, 'utf8');
		} catch {
			continue; // exited meanwhile
		}
		const { pgrp, ticks: own } = readStat(stat);
		if (pgrp !== pgid) continue;
		ticks += own;
		members += 1;
	}
	return { ms: (ticks * 1000) / clockTicks(), members };
}

/** The command name, process group and utime + stime (clock ticks) of a process's or thread's stat. */
function readStat(stat: string): { comm: string; pgrp: number; ticks: number } {
	// "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses; fields follow the last ')'.
	const end = stat.lastIndexOf(')');
	const fields = stat.slice(end + 2).split(' ');
	return {
		comm: stat.slice(stat.indexOf('(') + 1, end),
		pgrp: Number(fields[2]),
		ticks: Number(fields[11]) + Number(fields[12]),
	};
}

/**
 * Where a process's CPU went, milliseconds: its main thread (JavaScript, and the garbage
 * collector's pauses), V8's helper threads (concurrent marking and sweeping, compilation), the
 * libuv thread pool (n8n's SQLite queries, hashing, file access) and its other threads.
 * From /proc/<pid>/task/<tid>/stat; a thread that ended between two readings takes its time with it.
 */
export interface ThreadCpu {
	main: number;
	v8Helpers: number;
	threadPool: number;
	other: number;
}

/** utime + stime of each thread of `pid`, summed by what the thread does (see ThreadCpu). */
export function threadCpu(pid: number): ThreadCpu {
	const ms = { main: 0, v8Helpers: 0, threadPool: 0, other: 0 };
	let tids: string[];
	try {
		tids = readdirSync(`/proc/${pid}/task`);
	} catch {
		return ms;
	}
	for (const tid of tids) {
		let stat: string;
		try {
			stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
		} catch {
			continue;
		}
		const { comm, ticks } = readStat(stat);
		const time = (ticks * 1000) / clockTicks();
		if (Number(tid) === pid) ms.main += time;
		else if (comm.startsWith('V8')) ms.v8Helpers += time;
		else if (comm.startsWith('libuv')) ms.threadPool += time;
		else ms.other += time;
	}
	return ms;
}

/** The CPU each kind of thread spent between two readings, divided by `count` (per request). */
export function threadCpuBetween(before: ThreadCpu, after: ThreadCpu, count: number): ThreadCpu {
	return {
		main: (after.main - before.main) / count,
		v8Helpers: (after.v8Helpers - before.v8Helpers) / count,
		threadPool: (after.threadPool - before.threadPool) / count,
		other: (after.other - before.other) / count,
	};
}

/**
 * Bytes the process has handed to write calls so far (`wchar` of /proc/<pid>/io): for n8n on
 * SQLite mostly its write-ahead log and the checkpoints that copy it into the database file, so
 * per push it tells how many pages of the database a push rewrote. 0 when it cannot be read.
 */
export function writtenBytes(pid: number): number {
	try {
		const io = readFileSync(`/proc/${pid}/io`, 'utf8');
		const match = /^wchar:\s*(\d+)$/m.exec(io);
		return match ? Number(match[1]) : 0;
	} catch {
		return 0;
	}
}

/**
 * Waits until the group has been nearly idle (under `idleShare` of one core) for two samples of
 * `sampleMs` in a row, or `maxMs` passed; returns how long it waited and whether it got quiet.
 * n8n may still be busy when a phase's last execution has been read back (bookkeeping, garbage
 * collection); a phase started meanwhile would pay for the previous target's work.
 */
export async function waitUntilQuiet(
	pgid: number,
	{ sampleMs = 250, idleShare = 0.1, maxMs = 30_000 } = {},
): Promise<{ waitedMs: number; quiet: boolean }> {
	const started = Date.now();
	let previous = groupCpu(pgid).ms;
	let quietSamples = 0;
	while (Date.now() - started < maxMs) {
		await new Promise((resolve) => setTimeout(resolve, sampleMs));
		const now = groupCpu(pgid).ms;
		quietSamples = now - previous < sampleMs * idleShare ? quietSamples + 1 : 0;
		previous = now;
		if (quietSamples === 2) return { waitedMs: Date.now() - started, quiet: true };
	}
	return { waitedMs: Date.now() - started, quiet: false };
}
