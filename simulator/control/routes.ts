/**
 * /__control over HTTP: JSON in, JSON out, no authentication, not recorded. Each route calls
 * the SimulatorControl method of the same meaning (see README.md for the reference).
 */
import { json as ok } from '../http/errors';
import { isRecord, queryParam } from '../http/query';
import { Router } from '../http/router';
import { CONTROL_PREFIX as P } from '../http/server';
import type { RequestContext } from '../http/types';
import type { SimulatorControl } from './control';
import { invalid } from './errors';

/** The JSON body as an object ({} when empty). */
function body(ctx: RequestContext): Record<string, unknown> {
	if (ctx.rawBody.length === 0) return {};
	let value: unknown;
	try {
		value = JSON.parse(ctx.rawBody.toString('utf8'));
	} catch {
		throw invalid('Malformed JSON request body');
	}
	if (!isRecord(value)) throw invalid('The request body must be a JSON object');
	return value;
}

function query(ctx: RequestContext, name: string): string | undefined {
	return queryParam(ctx.query, name);
}

export function controlRouter(control: SimulatorControl): Router {
	const r = new Router();
	// The body types are checked inside the control methods; here they are passed through.
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	const b = (ctx: RequestContext) => body(ctx) as any;

	r.add('GET', `${P}/health`, () => ok(control.health()));
	r.add('GET', `${P}/info`, () => ok(control.info()));
	r.add('POST', `${P}/reset`, (ctx) => ok(control.reset(b(ctx))));

	r.add('POST', `${P}/seed/shipments`, (ctx) => ok(control.seedShipments(b(ctx))));
	r.add('POST', `${P}/seed/returns`, (ctx) => ok(control.seedReturns(b(ctx))));
	r.add('POST', `${P}/seed/listings`, (ctx) => ok(control.seedListings(b(ctx))));
	r.add('POST', `${P}/seed/deadlines`, (ctx) => ok(control.seedDeadlines(b(ctx))));
	r.add('POST', `${P}/deadlines/move`, async (ctx) => ok(await control.moveDispatchDates(b(ctx))));

	r.add('GET', `${P}/shipments`, (ctx) => {
		const limit = query(ctx, 'limit');
		return ok(
			control.listShipments({
				sellerId: query(ctx, 'sellerId'),
				locationId: query(ctx, 'locationId'),
				state: query(ctx, 'state'),
				limit: limit === undefined ? undefined : Number(limit),
			}),
		);
	});
	r.add('GET', `${P}/shipments/{shipmentId}`, (ctx) =>
		ok(control.getShipment(ctx.params.shipmentId)),
	);
	r.add('POST', `${P}/shipments/{shipmentId}/state`, async (ctx) =>
		ok(await control.setShipmentState(ctx.params.shipmentId, b(ctx))),
	);
	r.add('POST', `${P}/returns/{returnId}/status`, async (ctx) =>
		ok(await control.setReturnStatus(ctx.params.returnId, b(ctx))),
	);
	r.add('GET', `${P}/returns`, (ctx) =>
		ok(
			control.listReturns({
				sellerId: query(ctx, 'sellerId'),
				locationId: query(ctx, 'locationId'),
			}),
		),
	);

	r.add('POST', `${P}/buyer/returns`, async (ctx) =>
		ok(await control.createSelfShipReturn(b(ctx))),
	);
	r.add('POST', `${P}/services`, (ctx) => ok(control.createService(b(ctx))));
	r.add('GET', `${P}/services/{serviceFulfilmentId}`, (ctx) =>
		ok(control.getService(ctx.params.serviceFulfilmentId)),
	);

	r.add('GET', `${P}/clock`, () => ok(control.getClock()));
	r.add('POST', `${P}/clock/advance`, (ctx) => ok(control.advanceClock(b(ctx))));

	r.add('GET', `${P}/tokens`, (ctx) =>
		ok(
			control.listTokens({
				appId: query(ctx, 'appId'),
				sellerId: query(ctx, 'sellerId'),
				kind: query(ctx, 'kind') as never,
			}),
		),
	);
	r.add('POST', `${P}/tokens/expire`, (ctx) => ok(control.expireTokens(b(ctx))));
	r.add('POST', `${P}/tokens/revoke`, (ctx) => ok(control.revokeTokens(b(ctx))));
	r.add('POST', `${P}/auth-codes`, (ctx) => ok(control.issueAuthCode(b(ctx))));

	r.add('GET', `${P}/calls`, (ctx) => {
		const since = query(ctx, 'since');
		return ok(
			control.listCalls({
				route: query(ctx, 'route'),
				method: query(ctx, 'method'),
				pathPrefix: query(ctx, 'pathPrefix'),
				since: since === undefined ? undefined : /^\d+$/.test(since) ? Number(since) : since,
			}),
		);
	});
	r.add('DELETE', `${P}/calls`, () => ok(control.clearCalls()));
	r.add('GET', `${P}/counters`, () => ok(control.counters()));

	r.add('GET', `${P}/faults`, () => ok(control.listFaults()));
	r.add('POST', `${P}/faults`, (ctx) => ok(control.addFault(b(ctx))));
	r.add('DELETE', `${P}/faults`, () => ok(control.clearFaults()));

	r.add('GET', `${P}/shipment-failures`, () => ok(control.listShipmentFailures()));
	r.add('POST', `${P}/shipment-failures`, (ctx) => ok(control.injectShipmentFailure(b(ctx))));
	r.add('DELETE', `${P}/shipment-failures`, () => ok(control.clearShipmentFailures()));

	r.add('GET', `${P}/config`, () => ok(control.getConfig()));
	r.add('PATCH', `${P}/config`, (ctx) => ok(control.setConfig(b(ctx))));
	r.add('POST', `${P}/config`, (ctx) => ok(control.setConfig(b(ctx))));

	r.add('GET', `${P}/subscriptions`, () => ok(control.listSubscriptions()));
	r.add('POST', `${P}/subscriptions`, (ctx) => ok(control.putSubscription(b(ctx))));

	r.add('GET', `${P}/notifications/receiver`, () => ok(control.getReceiver()));
	r.add('POST', `${P}/notifications/receiver`, (ctx) => ok(control.setReceiver(b(ctx))));
	r.add('POST', `${P}/notifications/send`, async (ctx) =>
		ok(await control.sendNotification(b(ctx))),
	);
	r.add('POST', `${P}/notifications/send-all`, async (ctx) =>
		ok(await control.sendAllNotifications(b(ctx))),
	);
	r.add('POST', `${P}/notifications/lifecycle/shipment`, async (ctx) =>
		ok(await control.runShipmentLifecycle(b(ctx))),
	);
	r.add('POST', `${P}/notifications/lifecycle/return`, async (ctx) =>
		ok(await control.runReturnLifecycle(b(ctx))),
	);
	r.add('GET', `${P}/notifications/deliveries`, () => ok(control.listDeliveries()));
	r.add('DELETE', `${P}/notifications/deliveries`, () => ok(control.clearDeliveries()));
	r.add('POST', `${P}/notifications/flush`, async () => ok(await control.flushNotifications()));
	r.add('POST', `${P}/handover/otcs`, (ctx) => ok(control.generateHandoverOtcs(b(ctx))));
	r.add('POST', `${P}/handover/form`, (ctx) => ok(control.setHandoverForm(b(ctx))));
	r.add('POST', `${P}/returns-otc`, (ctx) => ok(control.generateReturnOtc(b(ctx))));
	r.add('GET', `${P}/self-ship/{shipmentId}`, (ctx) =>
		ok(control.getSelfShip(ctx.params.shipmentId)),
	);
	return r;
}
