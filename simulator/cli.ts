#!/usr/bin/env node
/**
 * `npm run simulator`: starts the simulator on loopback, prints how to use it, and stops cleanly
 * on SIGINT/SIGTERM.
 */
import { parseCliArgs, usage } from './cli-args';
import { startSimulator, type Simulator } from './index';

/** What the CLI prints at start: addresses, demo credentials, and one line per control action. */
export function banner(sim: Simulator): string {
	const c = sim.controlUrl;
	const d = sim.demo;
	return [
		'Marketplace simulator is running',
		'',
		`  Base URL      ${sim.url}`,
		`  Control URL   ${c}`,
		'',
		`  Self access app (client_credentials, ${d.selfApp.sellerId})`,
		`    App ID      ${d.selfApp.appId}`,
		`    App secret  ${d.selfApp.appSecret}`,
		'  Partner app (authorization_code + refresh_token)',
		`    App ID      ${d.partnerApp.appId}`,
		`    App secret  ${d.partnerApp.appSecret}`,
		`    Redirect    ${d.partnerApp.redirectUri}`,
		`    Authorize   ${d.partnerAuthorizeUrl}`,
		'',
		`  Sellers       ${d.sellers.map((s) => `${s.sellerId} (${s.locationIds.join(', ')})`).join('; ')}`,
		'',
		'  Control (JSON; see simulator/README.md):',
		`    curl ${c}/health                                  health`,
		`    curl ${c}/info                                    demo identities, options`,
		`    curl -X POST ${c}/reset                           back to the seeded state`,
		`    curl -X POST ${c}/seed/shipments -d '{"count":100}'   bulk seed (also /seed/returns, /seed/listings)`,
		`    curl ${c}/shipments?state=APPROVED                list shipments`,
		`    curl -X POST ${c}/shipments/<id>/state -d '{"state":"PACKED"}'   set a shipment's state`,
		`    curl -X POST ${c}/clock/advance -d '{"seconds":86400}'   move the clock`,
		`    curl ${c}/tokens                                  tokens (POST /tokens/expire, /tokens/revoke)`,
		`    curl -X POST ${c}/auth-codes -d '{"appId":"${d.partnerApp.appId}","sellerId":"SELLER-DEMO-1"}'   code without a browser`,
		`    curl ${c}/calls   |   curl ${c}/counters           recorded calls, counters per route`,
		`    curl -X POST ${c}/faults -d '{"route":"POST /sellers/v3/shipments/filter","status":503,"headers":{"Retry-After":"2"}}'`,
		`    curl -X POST ${c}/shipment-failures -d '{"shipmentIds":["<id>"],"errorCode":"DEPENDENT_SYSTEM_CALL_FAILED"}'`,
		`    curl -X PATCH ${c}/config -d '{"perItemStatusField":"processingStatus","formsMethod":"GET"}'`,
		`    curl ${c}/subscriptions                           subscriptions (POST to create)`,
		`    curl -X POST ${c}/notifications/receiver -d '{"url":"http://127.0.0.1:5678/webhook/x"}'`,
		`    curl -X POST ${c}/notifications/send -d '{"eventType":"shipment_created"}'   (also /send-all)`,
		`    curl -X POST ${c}/notifications/lifecycle/shipment   (and /lifecycle/return)`,
		'',
		'  Ctrl+C stops it.',
	].join('\n');
}

async function main(): Promise<void> {
	let config;
	try {
		config = parseCliArgs(process.argv.slice(2), process.env);
	} catch (e) {
		process.stderr.write(`${(e as Error).message}\n\n${usage()}\n`);
		process.exit(2);
	}
	if (config.help) {
		process.stdout.write(`${usage()}\n`);
		return;
	}
	const sim = await startSimulator(config.options);
	process.stdout.write(`${banner(sim)}\n`);
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write(`\n${signal}: stopping the simulator\n`);
		sim.close().then(
			() => process.exit(0),
			(e) => {
				process.stderr.write(`${String(e)}\n`);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
	main().catch((e) => {
		process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
		process.exit(1);
	});
}
