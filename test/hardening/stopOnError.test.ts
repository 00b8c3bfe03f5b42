/**
 * Stopping at a failed item must not hide what the marketplace already did (issue 11, point 4):
 * the error lists every shipment or SKU acted on (or found) in the requests already sent,
 * including those after the failed one in the same request, in plain words.
 */
import {
	callsOf,
	failed,
	generateLabelsJson,
	labelInputs,
	ok,
	runAction,
	SELF,
	seedApproved,
	stateOf,
	useSimulator,
} from '../action/helpers';

const LABELS = 'POST /sellers/v3/shipments/labels';

describe('stop on error lists what the marketplace already did', () => {
	const env = useSimulator();

	it('60 label items, one failing shipment in the first batch of 25: the error lists the 24 labelled ones of that batch', async () => {
		const shipments = seedApproved(env.sim, 60);
		const failing = shipments[5];
		env.sim.control.injectShipmentFailure({
			shipmentIds: [failing],
			operation: 'labels',
			errorCode: 'INVALID_INVOICE_DATE',
			errorMessage: 'Invoice date out of range',
		});

		const error = failed(
			await runAction(env.store, SELF, generateLabelsJson, labelInputs(env.sim, shipments)),
		);

		// Only the first request was sent; the marketplace labelled every other shipment in it.
		expect(callsOf(env.sim, LABELS)).toHaveLength(1);
		const labelled = shipments.slice(0, 25).filter((id) => id !== failing);
		expect(labelled.every((id) => stateOf(env.sim, id) !== 'APPROVED')).toBe(true);
		expect(shipments.slice(25).every((id) => stateOf(env.sim, id) === 'APPROVED')).toBe(true);

		expect(error.message).toBe(
			`Generate labels failed for shipment ${failing}: INVALID_INVOICE_DATE (Invoice date out of range)`,
		);
		expect(error.context?.itemIndex).toBe(5);
		expect(error.description).toContain(
			`The node stopped here, but the marketplace had already done this for 24 shipments in the requests sent (not undone): ${labelled.join(', ')}.`,
		);
		expect(error.description).not.toMatch(/unit\(s\)/);
	});

	it('a failure in a later batch counts every shipment of the earlier batches too', async () => {
		const shipments = seedApproved(env.sim, 30);
		const failing = shipments[27];
		env.sim.control.injectShipmentFailure({
			shipmentIds: [failing],
			operation: 'labels',
			errorCode: 'INVALID_TAX_RATE',
			errorMessage: 'bad rate',
		});
		const error = failed(
			await runAction(env.store, SELF, generateLabelsJson, labelInputs(env.sim, shipments)),
		);
		expect(callsOf(env.sim, LABELS)).toHaveLength(2);
		expect(error.description).toContain(
			`already done this for 29 shipments in the requests sent (not undone): ${shipments.filter((id) => id !== failing).join(', ')}.`,
		);
	});

	it('Listing > Get with one unknown SKU: the error names the SKUs whose results were found', async () => {
		const skus = env.sim.control.seedListings({ count: 3 }).skus;
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'get',
				skus: `${skus[0]},NO-SUCH-SKU-1,${skus[1]},${skus[2]}`,
			}),
		);
		expect(error.message).toBe('Listing NO-SUCH-SKU-1 is unavailable');
		expect(error.description).toContain(
			`The node stopped here, so the results found for 3 SKUs were not output: ${skus.join(', ')}.`,
		);
	});

	it('with On Error: Continue nothing changes: one item per shipment, the failed one an error item', async () => {
		const shipments = seedApproved(env.sim, 4);
		env.sim.control.injectShipmentFailure({
			shipmentIds: [shipments[1]],
			operation: 'labels',
			errorCode: 'INVALID_TAX_RATE',
			errorMessage: 'bad rate',
		});
		const items = ok(
			await runAction(env.store, SELF, generateLabelsJson, labelInputs(env.sim, shipments), true),
		);
		expect(items.map((item) => item.json.error === undefined)).toEqual([true, false, true, true]);
		expect(String(items[1].json.errorDescription)).not.toMatch(/stopped here/);
	});
});
