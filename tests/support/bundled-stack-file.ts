import { inject } from 'vitest';
import { bundledStack } from './bundled-stack-wait';

// The `api-bundles` project's setup file: each test file waits here until the stack its global setup started is up,
// and `stackInfo()` gives that stack from then on.
globalThis.bundledStackInfo = await bundledStack(inject('bundledStackDir'));
