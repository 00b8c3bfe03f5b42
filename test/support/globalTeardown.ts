import { removeUserFolder } from './userFolder';

export default function globalTeardown(): void {
	removeUserFolder();
}
