/** The credential the bench attaches to its floor trigger: n8n checks it per execution. */
import type { ICredentialType, INodeProperties } from 'n8n-workflow';

export class BenchFloorApi implements ICredentialType {
	name = 'benchFloorApi';

	displayName = 'Bench Floor API';

	properties: INodeProperties[] = [
		{
			displayName: 'Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
	];
}
