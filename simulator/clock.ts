/**
 * The simulator clock: real time plus an offset that the control interface can move forward.
 * Everything time-based (token expiry, packing, dispatchAfterDate, X_Date) reads this clock, so a
 * test can jump 60 days ahead without waiting.
 */
export class Clock {
	private offsetMs: number;
	private readonly initialOffsetMs: number;
	private readonly listeners: Array<() => void> = [];

	/** `startMs` pins the simulated "now" at start (real time then keeps running from there). */
	constructor(startMs?: number) {
		this.initialOffsetMs = startMs === undefined ? 0 : startMs - Date.now();
		this.offsetMs = this.initialOffsetMs;
	}

	now(): number {
		return Date.now() + this.offsetMs;
	}

	get offset(): number {
		return this.offsetMs;
	}

	/** Moves the clock forward (or back, with a negative value) and tells listeners. */
	advance(seconds: number): void {
		this.offsetMs += Math.round(seconds * 1000);
		for (const listener of this.listeners) listener();
	}

	/** Back to the offset the simulator started with. */
	reset(): void {
		this.offsetMs = this.initialOffsetMs;
	}

	onAdvance(listener: () => void): void {
		this.listeners.push(listener);
	}
}
