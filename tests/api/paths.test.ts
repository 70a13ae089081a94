import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/stack';

/** The spec writes some paths with a trailing slash (getAll/, saveFilter/, getBySku/{sku}/): both forms are served. */
describe('paths with and without a trailing slash', () => {
  it.each(['/api/db/users/getAll', '/api/db/users/getAll/', '/api/db/changelog/getAll/product/someone/'])(
    '%s',
    async (path) => {
      const result = await call('GET', path, { token: await tokenFor('SALES') });
      expect(result.status).toBe(200);
    },
  );
});
