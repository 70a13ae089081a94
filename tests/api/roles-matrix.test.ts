import { buildPath, isAllowed, pathParamNames, ROLES, routeList } from '@bo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, userFor } from '../support/stack';

/**
 * Every route × every role, generated from the route table: a refused role gets 403 with a message
 * before anything else happens; an allowed role gets past the role check. Path parameters are the
 * caller's own id and bodies are empty, so allowed calls stop at validation or ownership checks and
 * nothing is changed.
 */
const ids = new Map<string, string>();

beforeAll(async () => {
  for (const role of ROLES) {
    const { idToken } = await signIn(userFor(role).email);
    const sub = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
    ids.set(role, sub);
  }
});

describe.each(routeList())('$method $path', (row) => {
  it.each([...ROLES])('%s', async (role) => {
    const { idToken } = await signIn(userFor(role).email);
    const own = ids.get(role)!;
    const params = Object.fromEntries(
      pathParamNames(row.path).map((name) => [name, name === 'entityType' ? 'user' : own]),
    );
    const result = await call<{ message?: string }>(row.method, buildPath(row.path, params), {
      token: idToken,
      ...(row.body ? { body: {} } : {}),
    });
    expect(result.status).toBeLessThan(500);
    if (isAllowed(row.roles, [role])) {
      expect([401, 403]).not.toContain(result.status);
    } else {
      expect(result.status).toBe(403);
      expect(result.body?.message).toMatch(/does not allow this action/);
    }
  });
});
