/**
 * Odd answers under HTTP 200 (issue 11, point 2): a gateway's HTML page, truncated JSON or an
 * empty object must never read as "nothing found". Each is an error naming the operation, the
 * status and the first characters of the body (redacted).
 */
import {
	accessToken,
	failed,
	LOC_1,
	ok,
	runAction,
	SELF,
	seedInState,
	useSimulator,
} from '../action/helpers';

const GATEWAY_PAGE =
	'<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>upstream unavailable</body></html>';
const shipmentSearch = {
	resource: 'shipment',
	operation: 'getAll',
	filterType: 'preDispatch',
	returnAll: true,
};
const returnSearch = {
	resource: 'return',
	operation: 'getAll',
	source: 'customer_return',
	returnAll: true,
};

describe('odd answers under HTTP 200', () => {
	const env = useSimulator();

	function answer(route: string, body: unknown, contentType = 'application/json'): void {
		env.sim.control.addFault({
			route,
			status: 200,
			headers: { 'Content-Type': contentType },
			body,
			times: -1,
		});
	}

	it('Shipment Search: an HTML gateway page is an error, not 0 shipments', async () => {
		answer('POST /sellers/v3/shipments/filter', GATEWAY_PAGE, 'text/html');
		const error = failed(await runAction(env.store, SELF, shipmentSearch));
		expect(error.message).toBe(
			"Search shipments failed: the marketplace's answer (HTTP 200) is not JSON: <!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>upstream unavailable</body></html>",
		);
		expect(error.description).toMatch(/not taken for an empty result/);
	});

	it('Shipment Search: truncated JSON is an error', async () => {
		answer(
			'POST /sellers/v3/shipments/filter',
			'{"hasMore":false,"shipments":[{"shipmentId":"a1b2"',
		);
		const error = failed(await runAction(env.store, SELF, shipmentSearch));
		expect(error.message).toBe(
			`Search shipments failed: the marketplace's answer (HTTP 200) is not JSON: {"hasMore":false,"shipments":[{"shipmentId":"a1b2"`,
		);
	});

	it('Shipment Search: {} is an error naming the missing list', async () => {
		answer('POST /sellers/v3/shipments/filter', {});
		const error = failed(await runAction(env.store, SELF, shipmentSearch));
		expect(error.message).toBe(
			"Search shipments failed: the marketplace's answer (HTTP 200) has no shipments list: {}",
		);
	});

	it('Shipment Search: a later page without its list is an error too (the results so far are not passed off as all)', async () => {
		env.sim.control.seedShipments({
			count: 25,
			locationId: LOC_1,
			sku: 'ODD-SKU-1',
			state: 'APPROVED',
		});
		answer('GET /sellers/v3/shipments/filter', { hasMore: false });
		const error = failed(
			await runAction(env.store, SELF, { ...shipmentSearch, filters: { skus: 'ODD-SKU-1' } }),
		);
		expect(error.message).toBe(
			'Search shipments failed: the marketplace\'s answer (HTTP 200) has no shipments list: {"hasMore":false}',
		);
	});

	it('Return Search: {} and an HTML page are errors, not 0 returns', async () => {
		answer('GET /sellers/v2/returns', {});
		expect(failed(await runAction(env.store, SELF, returnSearch)).message).toBe(
			"Search returns failed: the marketplace's answer (HTTP 200) has no returnItems list: {}",
		);
		env.sim.control.clearFaults();
		answer('GET /sellers/v2/returns', GATEWAY_PAGE, 'text/html');
		expect(failed(await runAction(env.store, SELF, returnSearch)).message).toMatch(
			/^Search returns failed: the marketplace's answer \(HTTP 200\) is not JSON: <!DOCTYPE html>/,
		);
	});

	it('Shipment Get: {} does not say "No shipment found" for shipments that exist', async () => {
		const [shipment] = seedInState(env.sim, 1, 'PACKED');
		answer('GET /sellers/v3/shipments', {});
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'get',
				lookupBy: 'shipmentIds',
				ids: shipment,
			}),
		);
		expect(error.message).toBe(
			"Get shipments failed: the marketplace's answer (HTTP 200) has no shipments list: {}",
		);
	});

	it('Shipment Get Details, Listing Get, and the shipment actions read nothing from {} either', async () => {
		const [packed] = seedInState(env.sim, 1, 'PACKED');
		answer('GET /sellers/v3/shipments/{ids}', {});
		answer('GET /sellers/listings/v3/{skuIds}', {});
		answer('POST /sellers/v3/shipments/dispatch', {});
		expect(
			failed(
				await runAction(env.store, SELF, {
					resource: 'shipment',
					operation: 'getDetails',
					shipmentIds: packed,
				}),
			).message,
		).toBe(
			"Get shipment details failed: the marketplace's answer (HTTP 200) has no shipments list: {}",
		);
		expect(
			failed(
				await runAction(env.store, SELF, { resource: 'listing', operation: 'get', skus: 'SKU-1' }),
			).message,
		).toBe(
			"Get listings failed: the marketplace's answer (HTTP 200) has no available object or unavailable or invalid: {}",
		);
		expect(
			failed(
				await runAction(env.store, SELF, {
					resource: 'shipment',
					operation: 'dispatch',
					shipmentIds: packed,
					locationId: LOC_1,
				}),
			).message,
		).toBe(
			"Mark ready to dispatch failed: the marketplace's answer (HTTP 200) has no shipments list: {}",
		);
	});

	it('the first bytes shown are redacted: a page echoing the access token does not show it', async () => {
		ok(await runAction(env.store, SELF, { ...shipmentSearch, returnAll: false, limit: 1 }));
		const token = accessToken(env.store);
		answer(
			'POST /sellers/v3/shipments/filter',
			`<html>session ${token} expired</html>`,
			'text/html',
		);
		const error = failed(await runAction(env.store, SELF, shipmentSearch));
		expect(error.message).toBe(
			"Search shipments failed: the marketplace's answer (HTTP 200) is not JSON: <html>session [redacted] expired</html>",
		);
	});

	it('an empty body under 200 where a list is read is an error too', async () => {
		answer('POST /sellers/v3/shipments/filter', '');
		const error = failed(await runAction(env.store, SELF, shipmentSearch));
		expect(error.message).toBe(
			"Search shipments failed: the marketplace's answer (HTTP 200) has no shipments list: {}",
		);
	});

	it('a good answer still reads as before (nothing found is still 0 items, without an error)', async () => {
		const items = ok(
			await runAction(env.store, SELF, { ...shipmentSearch, filters: { skus: 'NO-SUCH-SKU' } }),
		);
		expect(items).toEqual([]);
	});
});
