/**
 * Everything the simulator knows, in one place: options, clock, runtime settings, apps and
 * tokens, the seeded records, paging snapshots, injected faults and failures, the call log and
 * the notifier. `reset()` rebuilds the seeded state from the same seed.
 */
import { Clock } from './clock';
import {
	resolveOptions,
	type ResolvedOptions,
	type RuntimeConfig,
	type SimulatorOptions,
} from './options';
import { Prng } from './util/prng';
import { SellerDirectory } from './data/sellers';
import { RecordFactory } from './data/factory';
import { seedWorld } from './data/seed';
import { AppRegistry } from './oauth/apps';
import { TokenStore } from './oauth/tokens';
import { ShipmentStore } from './shipments/store';
import { PackingScheduler } from './shipments/packing';
import { ShipmentFailureInjector } from './shipments/failures';
import { ListingStore } from './listings/store';
import type { ListingRecord } from './listings/model';
import { ReturnStore } from './returns/store';
import { ServiceStore } from './services/store';
import type { ReturnRecord } from './returns/model';
import { SubscriptionStore } from './subscriptions/store';
import { SnapshotPager } from './paging';
import { CallHooks } from './callHooks';
import { FaultInjector } from './faults';
import { Recorder } from './recorder';
import { Notifier } from './notifications/notifier';
import { SelfShipStore } from './selfShip/store';

export class World {
	readonly options: ResolvedOptions;
	readonly clock: Clock;
	readonly sellers = new SellerDirectory();
	readonly apps: AppRegistry;
	readonly recorder = new Recorder();
	readonly faults = new FaultInjector();
	readonly callHooks = new CallHooks();
	readonly failures = new ShipmentFailureInjector();
	readonly notifier: Notifier;
	readonly packing: PackingScheduler;
	/** Set once the server listens. */
	baseUrl = '';

	config!: RuntimeConfig;
	tokens!: TokenStore;
	shipments!: ShipmentStore;
	listings!: ListingStore;
	returns!: ReturnStore;
	services!: ServiceStore;
	subscriptions!: SubscriptionStore;
	factory!: RecordFactory;
	shipmentPages!: SnapshotPager<string>;
	returnPages!: SnapshotPager<ReturnRecord>;
	listingPages!: SnapshotPager<ListingRecord>;
	selfShip!: SelfShipStore;

	constructor(options: SimulatorOptions | ResolvedOptions = {}) {
		this.options = 'runtime' in options ? options : resolveOptions(options);
		this.clock = new Clock(this.options.startMs);
		this.apps = new AppRegistry(this.options);
		this.notifier = new Notifier(
			{
				clock: this.clock,
				apps: this.apps,
				subscriptions: () => this.subscriptions,
				config: () => this.config,
				baseUrl: () => this.baseUrl,
			},
			this.options.receiver,
		);
		this.packing = new PackingScheduler(
			this.clock,
			(shipment, at) => this.factory.completeLabel(shipment, at),
			(shipment) => this.notifier.autoShipmentEvent('shipment_packed', shipment),
		);
		this.reset();
	}

	now(): number {
		return this.clock.now();
	}

	/** Back to the seeded state; `keepTokens` leaves issued tokens (and codes) valid. */
	reset(opts: { keepTokens?: boolean } = {}): void {
		this.packing.clear();
		this.clock.reset();
		this.config = { ...this.options.runtime };
		if (!opts.keepTokens || !this.tokens) this.tokens = new TokenStore();
		this.shipments = new ShipmentStore();
		this.listings = new ListingStore();
		this.returns = new ReturnStore();
		this.services = new ServiceStore();
		this.subscriptions = new SubscriptionStore();
		this.selfShip = new SelfShipStore();
		this.factory = new RecordFactory(new Prng(this.options.seed), () => this.now());
		this.shipmentPages = new SnapshotPager('s');
		this.returnPages = new SnapshotPager('r');
		this.listingPages = new SnapshotPager('l');
		this.failures.clear();
		this.faults.clear();
		this.callHooks.clear();
		this.recorder.clear();
		this.notifier.reset();
		seedWorld(this);
	}
}
