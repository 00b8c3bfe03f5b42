/** POST /sellers/v3/notification/subscription (docs/marketplace-api/notifications.md#subscription-switch, docs/marketplace-api/errors.md#subscription-statuses). */
import { bearer, partnerTokens, useHarness } from './helpers';

const PATH = '/sellers/v3/notification/subscription';

describe('notification subscription', () => {
	const h = useHarness({}, { selfToken: true });

	const post = (body: unknown, t: string | null = h.token) =>
		h.api.post(PATH, body, { headers: t ? bearer(t) : {} });
	const sub = (locationId: string) =>
		h.sim.control.listSubscriptions().subscriptions.find((s) => s.locationId === locationId);

	it('disables and enables order and return notifications independently', async () => {
		const res = await post({
			seller_id: 'SELLER-DEMO-1',
			location_id: 'LOC-DEMO-1',
			disable_order: true,
		});
		expect(res.status).toBe(200);
		expect(res.data).toEqual({
			message: 'Subscription updated successfully: order notifications disabled',
		});
		expect(sub('LOC-DEMO-1')).toMatchObject({ disableOrder: true, disableReturns: false });

		const returns = await post({
			seller_id: 'SELLER-DEMO-1',
			location_id: 'LOC-DEMO-1',
			disable_returns: true,
		});
		expect(returns.status).toBe(200);
		expect(sub('LOC-DEMO-1')).toMatchObject({ disableOrder: true, disableReturns: true });

		const both = await post({
			seller_id: 'SELLER-DEMO-1',
			location_id: 'LOC-DEMO-1',
			disable_order: false,
			disable_returns: false,
		});
		expect(both.data.message).toBe(
			'Subscription updated successfully: order notifications enabled, returns notifications enabled',
		);
		expect(sub('LOC-DEMO-1')).toMatchObject({ disableOrder: false, disableReturns: false });
	});

	it('leaves the subscription unchanged when neither flag is given (200)', async () => {
		await post({ seller_id: 'SELLER-DEMO-1', location_id: 'LOC-DEMO-1', disable_order: true });
		const before = sub('LOC-DEMO-1');
		const res = await post({ seller_id: 'SELLER-DEMO-1', location_id: 'LOC-DEMO-1' });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ message: 'No change requested; subscription unchanged' });
		expect(sub('LOC-DEMO-1')).toEqual(before);
	});

	it('400 when the token does not belong to seller_id', async () => {
		const res = await post({
			seller_id: 'SELLER-DEMO-2',
			location_id: 'LOC-DEMO-3',
			disable_order: true,
		});
		expect(res.status).toBe(400);
		expect(res.data).toEqual({
			error: 'BAD_REQUEST',
			message: 'The access token does not belong to seller SELLER-DEMO-2',
		});
	});

	it('401 for a missing or invalid token', async () => {
		const missing = await post({ seller_id: 'SELLER-DEMO-1', location_id: 'LOC-DEMO-1' }, null);
		expect(missing.status).toBe(401);
		expect(missing.data.error).toBe('unauthorized');
		const invalid = await post({ seller_id: 'SELLER-DEMO-1', location_id: 'LOC-DEMO-1' }, 'bogus');
		expect(invalid.status).toBe(401);
		expect(invalid.data).toEqual({
			error: 'invalid_token',
			error_description: 'Invalid access token: bogus',
		});
	});

	it("403 with {error, message} for another app's subscription", async () => {
		const res = await post({
			seller_id: 'SELLER-DEMO-1',
			location_id: 'LOC-DEMO-2',
			disable_order: true,
		});
		expect(res.status).toBe(403);
		expect(res.data).toEqual({
			error: 'FORBIDDEN',
			message:
				'The subscription for seller SELLER-DEMO-1 and location LOC-DEMO-2 does not belong to the calling application',
		});
		expect(sub('LOC-DEMO-2')).toMatchObject({ disableOrder: false });
		const partner = await partnerTokens(h, 'SELLER-DEMO-1');
		expect(
			(
				await post(
					{ seller_id: 'SELLER-DEMO-1', location_id: 'LOC-DEMO-2', disable_order: true },
					partner.access_token,
				)
			).status,
		).toBe(200);
		expect(
			(
				await post(
					{ seller_id: 'SELLER-DEMO-1', location_id: 'LOC-DEMO-1', disable_order: true },
					partner.access_token,
				)
			).status,
		).toBe(403);
	});

	it('404 when the subscription does not exist', async () => {
		const res = await post({
			seller_id: 'SELLER-DEMO-1',
			location_id: 'LOC-NOWHERE',
			disable_order: true,
		});
		expect(res.status).toBe(404);
		expect(res.data).toEqual({
			error: 'NOT_FOUND',
			message: 'Subscription not found for seller SELLER-DEMO-1 and location LOC-NOWHERE',
		});
	});

	it('500 through fault injection', async () => {
		h.sim.control.addFault({
			route: 'POST /sellers/v3/notification/subscription',
			status: 500,
			body: { error: 'INTERNAL_SERVER_ERROR', message: 'boom' },
		});
		const res = await post({
			seller_id: 'SELLER-DEMO-1',
			location_id: 'LOC-DEMO-1',
			disable_order: true,
		});
		expect(res.status).toBe(500);
		expect(res.data).toEqual({ error: 'INTERNAL_SERVER_ERROR', message: 'boom' });
		expect((await post({ seller_id: 'SELLER-DEMO-1', location_id: 'LOC-DEMO-1' })).status).toBe(
			200,
		);
	});

	it('400 for missing ids, non-boolean flags and malformed JSON; 415 without a JSON content type', async () => {
		expect((await post({ location_id: 'LOC-DEMO-1' })).data).toEqual({
			error: 'BAD_REQUEST',
			message: 'seller_id is required',
		});
		expect((await post({ seller_id: 'SELLER-DEMO-1' })).data).toEqual({
			error: 'BAD_REQUEST',
			message: 'location_id is required',
		});
		expect(
			(await post({ seller_id: 'SELLER-DEMO-1', location_id: 'LOC-DEMO-1', disable_order: 'yes' }))
				.status,
		).toBe(400);
		const malformed = await h.api.post(PATH, '{"seller_id":', {
			headers: { ...bearer(h.token), 'Content-Type': 'application/json' },
			transformRequest: [(d) => d],
		});
		expect(malformed.status).toBe(400);
		expect(malformed.data.error).toBe('MALFORMED_JSON');
		const text = await h.api.post(PATH, 'seller_id=SELLER-DEMO-1', {
			headers: { ...bearer(h.token), 'Content-Type': 'text/plain' },
		});
		expect(text.status).toBe(415);
	});
});
