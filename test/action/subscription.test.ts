/**
 * Notification Subscription > Update (docs/marketplace-api/notifications.md#subscription-switch, docs/marketplace-api/errors.md#subscription-statuses): each switch optional and independent, neither
 * given leaves the subscription unchanged, and every error status of docs/marketplace-api/errors.md#subscription-statuses explained.
 */
import {
	accessToken,
	apiCalls,
	expectBearer,
	failed,
	LOC_1,
	LOC_2,
	ok,
	PARTNER,
	partnerStore,
	runAction,
	SELF,
	SELLER_1,
	useSimulator,
} from './helpers';

const ROUTE = 'POST /sellers/v3/notification/subscription';

const update = (extra: Record<string, unknown> = {}) => ({
	resource: 'notificationSubscription',
	operation: 'update',
	sellerId: SELLER_1,
	locationId: LOC_1,
	...extra,
});

describe('Notification Subscription > Update', () => {
	const env = useSimulator();

	function subscription(locationId = LOC_1) {
		return env.sim.control
			.listSubscriptions()
			.subscriptions.find((s) => s.locationId === locationId)!;
	}

	it.each([
		['disable', 'disable', { disable_order: true, disable_returns: true }, [true, true]],
		['disable', 'unchanged', { disable_order: true }, [true, false]],
		['unchanged', 'disable', { disable_returns: true }, [false, true]],
		['enable', 'disable', { disable_order: false, disable_returns: true }, [false, true]],
	] as const)(
		'orders %s, returns %s: sends only the switches given',
		async (orders, returns, flags, [disableOrder, disableReturns]) => {
			const items = ok(
				await runAction(
					env.store,
					SELF,
					update({ orderNotifications: orders, returnNotifications: returns }),
				),
			);

			const calls = apiCalls(env.sim);
			expect(calls).toHaveLength(1);
			expect(calls[0].route).toBe(ROUTE);
			expect(calls[0].headers['content-type']).toMatch(/^application\/json/);
			expect(calls[0].body).toEqual({ seller_id: SELLER_1, location_id: LOC_1, ...flags });
			expectBearer(calls, accessToken(env.store));
			expect(items).toHaveLength(1);
			expect(items[0].json).toEqual({
				message: expect.stringMatching(/^Subscription updated successfully/),
				sellerId: SELLER_1,
				locationId: LOC_1,
				orderNotifications: orders === 'unchanged' ? 'unchanged' : `${orders}d`,
				returnNotifications: returns === 'unchanged' ? 'unchanged' : `${returns}d`,
			});
			expect(items[0].pairedItem).toEqual({ item: 0 });
			expect(subscription()).toMatchObject({ disableOrder, disableReturns });
		},
	);

	it('re-enables what was disabled', async () => {
		ok(
			await runAction(
				env.store,
				SELF,
				update({ orderNotifications: 'disable', returnNotifications: 'disable' }),
			),
		);
		ok(
			await runAction(
				env.store,
				SELF,
				update({ orderNotifications: 'enable', returnNotifications: 'enable' }),
			),
		);
		expect(apiCalls(env.sim)[1].body).toEqual({
			seller_id: SELLER_1,
			location_id: LOC_1,
			disable_order: false,
			disable_returns: false,
		});
		expect(subscription()).toMatchObject({ disableOrder: false, disableReturns: false });
	});

	it('neither switch given: the subscription is left unchanged and the answer is 200', async () => {
		ok(await runAction(env.store, SELF, update({ orderNotifications: 'disable' })));
		const before = subscription();
		const items = ok(await runAction(env.store, SELF, update()));
		expect(apiCalls(env.sim)[1].body).toEqual({ seller_id: SELLER_1, location_id: LOC_1 });
		expect(apiCalls(env.sim)[1].status).toBe(200);
		expect(items[0].json).toMatchObject({
			orderNotifications: 'unchanged',
			returnNotifications: 'unchanged',
			message: expect.stringMatching(/unchanged/),
		});
		expect(subscription()).toEqual(before);
	});

	it('one request per input item, each output paired', async () => {
		const store = await partnerStore(env.sim);
		const items = ok(
			await runAction(
				store,
				PARTNER,
				update({ locationId: '={{ $json.loc }}', returnNotifications: 'disable' }),
				[{ loc: LOC_2 }, { loc: LOC_2 }],
			),
		);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(apiCalls(env.sim)).toHaveLength(2);
		expectBearer(apiCalls(env.sim), accessToken(store, PARTNER));
	});

	it('400: the token does not belong to the seller', async () => {
		const error = failed(
			await runAction(
				env.store,
				SELF,
				update({
					sellerId: 'SELLER-DEMO-2',
					locationId: 'LOC-DEMO-3',
					orderNotifications: 'disable',
				}),
			),
		);
		expect(error.message).toBe(
			'Update notification subscription failed: BAD_REQUEST: The access token does not belong to seller SELLER-DEMO-2 (HTTP 400)',
		);
		expect(error.description).toBe(
			'The access token does not belong to seller SELLER-DEMO-2. Use the credential of that seller (a third party app must be authorized by this very seller), or correct the Seller ID.',
		);
		expect(apiCalls(env.sim)).toHaveLength(1);
	});

	it('401: the token is refused even after n8n renewed it', async () => {
		env.sim.control.addFault({
			route: ROUTE,
			status: 401,
			body: { error: 'invalid_token', error_description: 'Invalid access token' },
			times: -1,
		});
		const error = failed(
			await runAction(env.store, SELF, update({ orderNotifications: 'disable' })),
		);
		expect(error.message).toBe(
			'Update notification subscription failed: invalid_token: Invalid access token (HTTP 401)',
		);
		expect(error.description).toBe(
			'The access token is missing or invalid, even after n8n renewed it. Check the credential: App ID, App Secret and environment, or re-authorize the third party app.',
		);
		// The first attempt, then one retry after the renewal; a 401 is not retried further.
		expect(apiCalls(env.sim)).toHaveLength(2);
	});

	it('403: the subscription belongs to another app (error and message of the body shown)', async () => {
		const error = failed(
			await runAction(
				env.store,
				SELF,
				update({ locationId: LOC_2, orderNotifications: 'disable' }),
			),
		);
		expect(error.message).toBe(
			`Update notification subscription failed: FORBIDDEN: The subscription for seller ${SELLER_1} and location ${LOC_2} does not belong to the calling application (HTTP 403)`,
		);
		expect(error.description).toBe(
			`The subscription of seller ${SELLER_1} at location ${LOC_2} does not belong to this app. It was set up for another app or aggregator: use the credential of the app named in the support ticket, or ask support to move it.`,
		);
		expect(subscription(LOC_2)).toMatchObject({ disableOrder: false });
	});

	it('404: no subscription for the seller and location', async () => {
		const error = failed(
			await runAction(
				env.store,
				SELF,
				update({ locationId: 'LOC-UNKNOWN', orderNotifications: 'disable' }),
			),
		);
		expect(error.message).toBe(
			`Update notification subscription failed: NOT_FOUND: Subscription not found for seller ${SELLER_1} and location LOC-UNKNOWN (HTTP 404)`,
		);
		expect(error.description).toMatch(
			/^No notification subscription exists for seller SELLER-DEMO-1 at location LOC-UNKNOWN\. Subscriptions are created by a support ticket first/,
		);
	});

	it('500: a server error, retried, then explained', async () => {
		env.sim.control.addFault({
			route: ROUTE,
			status: 500,
			headers: { 'Retry-After': '0' },
			body: { error: 'INTERNAL_ERROR', message: 'Something broke' },
			times: -1,
		});
		const error = failed(
			await runAction(env.store, SELF, update({ orderNotifications: 'disable' })),
		);
		expect(error.message).toBe(
			'Update notification subscription failed: INTERNAL_ERROR: Something broke (HTTP 500)',
		);
		expect(error.description).toBe(
			'The marketplace failed to change the subscription. Nothing was changed; try again later. If it persists, contact marketplace support.',
		);
		expect(apiCalls(env.sim)).toHaveLength(4);
	});

	it('continueOnFail: the error becomes an item of its own input item', async () => {
		const items = ok(
			await runAction(
				env.store,
				SELF,
				update({ locationId: '={{ $json.loc }}', orderNotifications: 'disable' }),
				[{ loc: 'LOC-UNKNOWN' }, { loc: LOC_1 }],
				true,
			),
		);
		expect(items[0].json.error).toMatch(/HTTP 404/);
		expect(items[0].json.errorDescription).toMatch(/No notification subscription exists/);
		expect(items[1].json.message).toMatch(/updated successfully/);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('refuses an empty seller or location before any request', async () => {
		const error = failed(await runAction(env.store, SELF, update({ sellerId: '  ' })));
		expect(error.message).toBe('Seller ID is empty');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});
