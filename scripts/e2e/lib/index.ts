/** End-to-end harness: real n8n instances for the demo, the e2e tests and the bench. */
export * from './runtime';
export * from './net';
export * from './public-api';
export * from './community-package';
export * from './instance';
