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
		// "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses; fields follow the last ')'.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		if (Number(fields[2]) !== pgid) continue;
		ticks += Number(fields[11]) + Number(fields[12]);
		members += 1;
	}
	return { ms: (ticks * 1000) / clockTicks(), members };
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
