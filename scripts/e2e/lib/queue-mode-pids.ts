/**
 * Pid files of the queue-mode setup: every process it starts gets one, and stopping only ever
 * signals a pid read from such a file whose command line still names what was started (a pid
 * reused by an unrelated process after a reboot is left alone).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { sleep } from './net';

export function writePidFile(file: string, pid: number): void {
	writeFileSync(file, `${pid}\n`);
}

export function readPidFile(file: string): number | undefined {
	if (!existsSync(file)) return undefined;
	const pid = Number(readFileSync(file, 'utf8').trim());
	return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: alive, owned by another user (Postgres runs as postgres; we are root, so rare).
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** The process's command line (NUL-separated arguments joined by spaces), or '' when it is gone. */
export function commandLine(pid: number): string {
	try {
		return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
	} catch {
		return '';
	}
}

/**
 * The pid in `file` when that process is alive and its command line contains `mustContain`
 * (so a recycled pid is never taken for ours). undefined otherwise.
 */
export function ownLivePid(file: string, mustContain: string): number | undefined {
	const pid = readPidFile(file);
	if (pid === undefined || !isAlive(pid)) return undefined;
	return commandLine(pid).includes(mustContain) ? pid : undefined;
}

function signal(target: number, sig: NodeJS.Signals): void {
	try {
		process.kill(target, sig);
	} catch {
		// already gone
	}
}

/**
 * SIGTERM to `pid` (to its whole process group when `group`: n8n's task runner lives in it),
 * SIGKILL after `timeoutMs`; resolves once it is gone. The pid file is removed.
 */
export async function stopPid(
	pid: number,
	opts: { group: boolean; timeoutMs: number; pidFile?: string },
): Promise<void> {
	const target = opts.group ? -pid : pid;
	signal(target, 'SIGTERM');
	const deadline = Date.now() + opts.timeoutMs;
	while (isAlive(pid) && Date.now() < deadline) await sleep(100);
	if (isAlive(pid)) signal(target, 'SIGKILL');
	for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100);
	if (opts.group) {
		// Children of the group (the task runner) may outlive the leader by a moment.
		for (let i = 0; i < 20 && groupAlive(pid); i++) await sleep(100);
		if (groupAlive(pid)) signal(-pid, 'SIGKILL');
	}
	if (opts.pidFile) rmSync(opts.pidFile, { force: true });
}

export function groupAlive(pgid: number): boolean {
	try {
		process.kill(-pgid, 0);
		return true;
	} catch {
		return false;
	}
}

/** Processes (or process groups, as negative numbers) to signal if this process exits without stopping them. */
const onExit = new Set<number>();
let hookInstalled = false;

/**
 * Remembers a started process so that it is stopped when this process exits without stopping
 * it (a crashed test run or supervisor must not leave servers behind). `forgetOnExit` after a
 * regular stop.
 */
export function stopOnExit(pid: number, group: boolean): void {
	onExit.add(group ? -pid : pid);
	if (hookInstalled) return;
	hookInstalled = true;
	process.once('exit', () => {
		for (const target of onExit) signal(target, 'SIGTERM');
	});
}

export function forgetOnExit(pid: number): void {
	onExit.delete(pid);
	onExit.delete(-pid);
}
