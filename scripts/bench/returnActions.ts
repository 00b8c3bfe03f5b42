/**
 * Request counts of the return actions for the action bench (action.ts): 1,000 self-ship returns,
 * each approved with its tech visit's service ID given, go out in requests of 100.
 */
import type { Simulator } from '../../simulator';

type Measure = (
	label: string,
	floor: number,
	parameters: Record<string, unknown>,
	input: Array<Record<string, unknown>>,
	what?: string,
) => Promise<void>;

export async function returnApprovals(
	sim: Simulator,
	measure: Measure,
	count: number,
): Promise<void> {
	const input: Array<Record<string, unknown>> = [];
	for (let i = 0; i < count; i++) {
		const created = await sim.control.createSelfShipReturn({
			locationId: 'LOC-DEMO-1',
			notify: false,
		});
		input.push({ id: created.return.returnId, service: created.serviceFulfilmentId });
	}
	await measure(
		'return approve',
		Math.ceil(count / 100),
		{
			resource: 'return',
			operation: 'approve',
			returnIds: '={{ $json.id }}',
			locationId: 'LOC-DEMO-1',
			comments: 'Tech visit confirmed the defect',
			additionalFields: { serviceFulfilmentId: '={{ $json.service }}' },
		},
		input,
		`${count} returns`,
	);
}
