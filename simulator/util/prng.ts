/**
 * A small seeded pseudo-random generator (mulberry32), so that seeded data is the same on every
 * run with the same seed. Not for anything secret: tokens and codes use node:crypto instead.
 */
export class Prng {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	/** A float in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** An integer in [min, max], both inclusive. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	chance(probability: number): boolean {
		return this.next() < probability;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	/** A string of `count` decimal digits, the first one non-zero. */
	digits(count: number): string {
		let out = String(this.int(1, 9));
		for (let i = 1; i < count; i++) out += String(this.int(0, 9));
		return out;
	}

	/** Upper-case letters and digits, as in FSNs. */
	alphanumeric(count: number): string {
		const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
		let out = '';
		for (let i = 0; i < count; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
		return out;
	}

	/** A version-4 shaped UUID built from this generator (deterministic, unlike crypto.randomUUID). */
	uuid(): string {
		const hex = (n: number) => {
			let out = '';
			for (let i = 0; i < n; i++) out += Math.floor(this.next() * 16).toString(16);
			return out;
		};
		const variant = (8 + Math.floor(this.next() * 4)).toString(16);
		return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
	}
}
