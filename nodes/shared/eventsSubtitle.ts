/**
 * The canvas subtitle of both triggers: the chosen events by name ("All Events", "Shipment
 * Packed", "Shipment Packed + 2 more"), not their values. n8n evaluates the subtitle as an
 * expression in the editor, so the names travel inside it as a lookup table.
 */
export function eventsSubtitle(
	kinds: ReadonlyArray<{ eventType: string; displayName: string }>,
	allEvents: string,
): string {
	const names = JSON.stringify(
		Object.fromEntries(kinds.map((kind) => [kind.eventType, kind.displayName])),
	);
	const events = '($parameter["events"] || [])';
	const first = `((${names})[${events}[0]] || ${events}[0] || "")`;
	return (
		`={{ ${events}.includes(${JSON.stringify(allEvents)}) ? "All Events" : ` +
		`${events}.length > 1 ? ${first} + " + " + (${events}.length - 1) + " more" : ${first} }}`
	);
}
