import { createUserFolder } from './userFolder';

export default function globalSetup(): void {
	createUserFolder();
}
