import { afterAll } from 'vitest';
import { resetClients } from '../../src/data/client-resets';

/**
 * Files of a project that shares one module graph per worker run one after another in the same process, so what a
 * file sets for itself would stay for the next: its environment (a table of its own, a caller-state TTL, a site
 * URL) and the SDK clients made from it (or a faulty one it installed). Each file ends with the environment it
 * started with and no cached client, as if it had run alone.
 */
const started = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name];
  Object.assign(process.env, started);
  resetClients();
});
