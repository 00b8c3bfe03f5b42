/** Self-ship returns for the return action tests: made by the buyer through the simulator's control. */
import type { Env, Loose } from './helpers';
import { LOC_1 } from './helpers';

/** A self-ship return the buyer asked for; customer returns carry their tech visit. */
export async function selfShipReturn(
	env: Env,
	source: 'customer_return' | 'courier_return' = 'customer_return',
	locationId = LOC_1,
): Promise<{ returnId: string; serviceFulfilmentId: string | null }> {
	const created = await env.sim.control.createSelfShipReturn({ source, locationId, notify: false });
	return {
		returnId: String(created.return.returnId),
		serviceFulfilmentId: created.serviceFulfilmentId,
	};
}

/** The return as the simulator's search shows it. */
export function wireReturn(env: Env, returnId: string): Record<string, Loose> {
	const found = env.sim.control
		.listReturns({})
		.returns.find((candidate) => candidate.returnId === returnId);
	if (!found) throw new Error(`no return ${returnId}`);
	return found as Record<string, Loose>;
}

/** An instant on the simulator's clock, `hours` from now, as ISO with +05:30. */
export function simDate(env: Env, hours: number): string {
	const ms = env.sim.control.getClock().epochMs + hours * 3_600_000;
	return `${new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19)}+05:30`;
}
