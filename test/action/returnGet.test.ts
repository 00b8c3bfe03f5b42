/**
 * Return > Get: returns by return or tracking IDs, batched 25 per request across input items
 * (docs/marketplace-api/batch-limits.md#limits-per-call), one kind and one source per request,
 * each return item paired with the input item that asked for it; unknown IDs fail alone.
 */
import {
	apiCalls,
	failed,
	LOC_2,
	ok,
	pairedIndexes,
	runAction,
	SELF,
	useSimulator,
} from './helpers';

const get = (extra: Record<string, unknown> = {}) => ({
	resource: 'return',
	operation: 'get',
	source: 'customer_return',
	lookupBy: 'returnIds',
	ids: '={{ $json.ids }}',
	...extra,
});

describe('Return > Get', () => {
	const env = useSimulator();

	function seeded(
		source: 'customer_return' | 'courier_return',
		count: number,
	): Array<{ returnId: string; trackingId: string }> {
		env.sim.control.seedReturns({ count, locationId: LOC_2, source });
		return env.sim.control
			.listReturns({ locationId: LOC_2 })
			.returns.filter((r) => r.source === source)
			.map((r) => ({ returnId: String(r.returnId), trackingId: String(r.trackingId) }));
	}

	it('batches 30 return IDs of two input items into requests of 25 and 5, output paired and in input order', async () => {
		const wanted = seeded('customer_return', 40)
			.slice(0, 30)
			.map((r) => r.returnId);
		const input = [{ ids: wanted.slice(0, 20).join(',') }, { ids: wanted.slice(20) }];
		const items = ok(await runAction(env.store, SELF, get(), input));

		expect(items.map((item) => item.json.returnId)).toEqual(wanted);
		expect(items.every((item) => item.json.type === 'customer_return')).toBe(true);
		expect(pairedIndexes(items)).toEqual([...Array(20).fill(0), ...Array(10).fill(1)]);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => [call.method, call.path])).toEqual([
			['GET', '/sellers/v2/returns'],
			['GET', '/sellers/v2/returns'],
		]);
		expect(calls[0].query).toEqual({
			source: 'customer_return',
			returnIds: wanted.slice(0, 25).join(','),
		});
		expect(calls[1].query).toEqual({
			source: 'customer_return',
			returnIds: wanted.slice(25).join(','),
		});
	});

	it("looks up by tracking ID with the item's source; one request per source", async () => {
		const courier = seeded('courier_return', 3);
		const customer = seeded('customer_return', 2);
		const input = [
			{ source: 'courier_return', ids: courier.map((r) => r.trackingId).join(',') },
			{ source: 'customer_return', ids: customer[0].trackingId },
		];
		const items = ok(
			await runAction(
				env.store,
				SELF,
				get({ source: '={{ $json.source }}', lookupBy: 'trackingIds' }),
				input,
			),
		);

		expect(items.map((item) => [item.json.returnId, item.json.type, item.pairedItem])).toEqual([
			...courier.map((r) => [r.returnId, 'courier_return', { item: 0 }]),
			[customer[0].returnId, 'customer_return', { item: 1 }],
		]);
		expect(apiCalls(env.sim).map((call) => call.query)).toEqual([
			{ source: 'courier_return', trackingIds: courier.map((r) => r.trackingId).join(',') },
			{ source: 'customer_return', trackingIds: customer[0].trackingId },
		]);
	});

	it('reports an unknown ID as an error of its own item (continueOnFail) or fails naming it', async () => {
		const [known] = seeded('customer_return', 1);
		const input = [{ ids: known.returnId }, { ids: 'R-NO-SUCH-RETURN' }];
		const items = ok(await runAction(env.store, SELF, get(), input, true));
		expect(items).toHaveLength(2);
		expect(items[0].json.returnId).toBe(known.returnId);
		expect(items[1].json).toMatchObject({
			lookupBy: 'returnIds',
			id: 'R-NO-SUCH-RETURN',
			source: 'customer_return',
			error: 'No customer return found for return ID R-NO-SUCH-RETURN',
		});
		expect(pairedIndexes(items)).toEqual([0, 1]);
		// Both IDs went into one request.
		expect(apiCalls(env.sim)).toHaveLength(1);

		const error = failed(await runAction(env.store, SELF, get(), input));
		expect(error.message).toBe('No customer return found for return ID R-NO-SUCH-RETURN');
		expect(error.context?.itemIndex).toBe(1);
	});

	it('refuses an empty ID list before any request', async () => {
		const error = failed(
			await runAction(env.store, SELF, get({ lookupBy: 'trackingIds' }), [{ ids: ' , ' }]),
		);
		expect(error.message).toBe('No tracking ID given');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});
