/**
 * How many jobs n8n's Bull queue still holds, read from the setup's Redis with a few RESP
 * commands over a plain socket (no Redis client among the devDependencies).
 *
 * n8n's queue is Bull's queue `jobs` under the prefix `bull` (n8n/dist/scaling/queue-name.js,
 * QUEUE_BULL_PREFIX), one Redis list or sorted set per job state.
 */
import { createConnection } from 'node:net';

const QUEUE = 'bull:jobs';

/** Jobs waiting, running (locked by a worker, or stalled until Bull notices), delayed or paused. */
export interface QueueJobs {
	wait: number;
	active: number;
	delayed: number;
	paused: number;
}

function command(...args: string[]): string {
	return `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
}

export async function queueJobs(redisPort: number): Promise<QueueJobs> {
	const commands = [
		command('LLEN', `${QUEUE}:wait`),
		command('LLEN', `${QUEUE}:active`),
		command('ZCARD', `${QUEUE}:delayed`),
		command('LLEN', `${QUEUE}:paused`),
	];
	const replies = await new Promise<number[]>((resolve, reject) => {
		const socket = createConnection({ host: '127.0.0.1', port: redisPort });
		let answer = '';
		socket.setTimeout(5_000, () => socket.destroy(new Error('Redis did not answer within 5 s')));
		socket.on('connect', () => socket.write(commands.join('')));
		socket.on('data', (chunk) => {
			answer += chunk.toString('utf8');
			const lines = answer.split('\r\n').filter((line) => line !== '');
			if (lines.length < commands.length) return;
			socket.end();
			const bad = lines.find((line) => !line.startsWith(':'));
			if (bad) reject(new Error(`Redis answered ${bad}`));
			else resolve(lines.slice(0, commands.length).map((line) => Number(line.slice(1))));
		});
		socket.on('error', reject);
	});
	const [wait, active, delayed, paused] = replies;
	return { wait, active, delayed, paused };
}

export function jobsInQueue(jobs: QueueJobs): number {
	return jobs.wait + jobs.active + jobs.delayed + jobs.paused;
}
