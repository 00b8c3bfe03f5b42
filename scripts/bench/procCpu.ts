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
