/**
 * "On Error: Continue (using error output)": n8n sends an item to the error output when it
 * carries its error (`item.error`) or when its JSON holds nothing but error, message and details
 * (n8n-core 2.40.7, dist/execution-engine/workflow-execute.js, handleNodeErrorOutput, lines
 * 1621-1627). The node's error items also name what failed (the ID, errorDescription): in that
 * mode these go under details, so the items reach the error output, paired with their input.
 */
import { runActionWith } from '../support/fixtures';
import { seedApproved, SELF, useSimulator } from './helpers';

const get = {
	resource: 'shipment',
	operation: 'get',
	lookupBy: 'shipmentIds',
	ids: '={{ $json.id }}',
	simplify: false,
};

describe('On Error: Continue (using error output)', () => {
	const env = useSimulator();

	it('a batched operation: the unit the marketplace does not know goes to the error output', async () => {
		const [known] = seedApproved(env.sim, 1);
		const input = [{ id: known }, { id: 'no-such-shipment' }, { id: ' , ' }];
		const result = await runActionWith(env.store, SELF, get, input, { errorOutput: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.shipmentId)).toEqual([known]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
		expect(result.errorItems.map((item) => item.json.error)).toEqual([
			'No shipment found for shipment ID no-such-shipment',
			'No shipment ID given',
		]);
		// What identifies the unit and what to do go under details, beside the message.
		expect(result.errorItems[0].json.details).toEqual({
			lookupBy: 'shipmentIds',
			id: 'no-such-shipment',
			errorDescription:
				'Check the ID and the environment; the marketplace returned no shipment for it.',
		});
		expect(result.errorItems.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
	});

	it('a single-call operation: the failed item goes to the error output', async () => {
		const input = [{ status: 'APPROVED' }, { status: 'SHIPPED' }];
		const search = {
			resource: 'shipment',
			operation: 'getAll',
			filterType: 'preDispatch',
			preDispatchStates: '={{ [$json.status] }}',
			returnAll: false,
			limit: 1,
		};
		const result = await runActionWith(env.store, SELF, search, input, { errorOutput: true });
		expect(result.error).toBeUndefined();
		expect(result.errorItems).toHaveLength(1);
		expect(result.errorItems[0].json.error).toBe(
			'State SHIPPED cannot be searched with the preDispatch filter',
		);
		expect(result.errorItems[0].pairedItem).toEqual({ item: 1 });
		expect(result.items.every((item) => item.pairedItem && !('error' in item.json))).toBe(true);
	});
});
