/** Stopping what an end-to-end session started: the e2e sessions and the queue-mode session. */
import type { Simulator } from '../../../simulator';

/**
 * Stops the session's n8n processes (an N8nInstance or a QueueModeCluster: their stop() signals
 * the pids they started, never a process name), then closes the simulator even when that failed;
 * logs the start-up timings once both are stopped.
 */
export async function stopStarted(
	processes: { stop(): Promise<void> },
	session: { sim: Simulator; timings: Record<string, number> },
	name: string,
	log: (line: string) => void,
): Promise<void> {
	try {
		await processes.stop();
	} finally {
		await session.sim.close();
	}
	log(`${name} timings (ms): ${JSON.stringify(session.timings)}`);
}
