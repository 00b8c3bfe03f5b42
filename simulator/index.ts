/**
 * Local marketplace simulator: a stateful, offline stand-in for the marketplace's Seller API,
 * OAuth server and push notifications, for unit tests, benchmarks, end-to-end runs and users.
 *
 *   const sim = await startSimulator({ packingDelayMs: 0 });
 *   // sim.url is what a credential's base URL gets; sim.control drives the state
 *   await sim.close();
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { World } from './world';
import { resolveOptions, type SimulatorOptions } from './options';
import { apiRouter } from './app';
import { createFront, CONTROL_PREFIX } from './http/server';
import { SimulatorControl } from './control/control';
import { controlRouter } from './control/routes';
import { demoIdentities, type DemoIdentities } from './demo';

export type { SimulatorOptions, RuntimeConfig, PerItemStatusField, FormsMethod } from './options';
export type { DemoIdentities } from './demo';
export { SimulatorControl } from './control/control';
export { ControlError } from './control/errors';
export { pushSignature, authorizationValue } from './notifications/signing';
export {
	EVENT_TYPES,
	SHIPMENT_EVENT_TYPES,
	RETURN_EVENT_TYPES,
	type Envelope,
	type EventType,
} from './notifications/envelopes';
export type { PushSwitches, SendResult, DeliveryResult } from './notifications/notifier';
export type { RecordedCall } from './recorder';

export interface Simulator {
	/** Base URL, e.g. http://127.0.0.1:41234 (what a credential's base URL field gets). */
	url: string;
	/** url + '/__control'. */
	controlUrl: string;
	demo: DemoIdentities;
	/** Programmatic twin of every HTTP control endpoint (same semantics). */
	control: SimulatorControl;
	close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
	const resolved = resolveOptions(options);
	const world = new World(resolved);
	const control = new SimulatorControl(world);
	const front = createFront({
		world,
		api: apiRouter(world),
		control: controlRouter(control),
		log: (line) => process.stdout.write(`${line}\n`),
	});
	const server: Server = createServer(front);
	server.keepAliveTimeout = 5000;
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(resolved.port, resolved.host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const address = server.address() as AddressInfo;
	const host =
		address.family === 'IPv6' || address.address.includes(':')
			? `[${address.address}]`
			: address.address;
	world.baseUrl = `http://${host}:${address.port}`;

	let closed = false;
	return {
		url: world.baseUrl,
		controlUrl: `${world.baseUrl}${CONTROL_PREFIX}`,
		demo: demoIdentities(world, world.baseUrl),
		control,
		async close() {
			if (closed) return;
			closed = true;
			world.packing.clear();
			await world.notifier.flush();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
}
