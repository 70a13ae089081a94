import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { call, stackInfo, tokenFor } from '../support/stack';

const require = createRequire(import.meta.url);
// cognito-local signs with this key; signing our own tokens with it isolates each check below.
const jwt = require('jsonwebtoken') as { sign: (payload: object, key: string, options: object) => string };
const key = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: unknown; pem: string };

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const header = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string };

async function forged(overrides: Record<string, unknown>) {
  const real = await tokenFor('ADMIN');
  const { iat: _iat, exp: _exp, ...claims } = decode(real);
  return jwt.sign({ ...claims, ...overrides }, key.pem, { algorithm: 'RS256', keyid: header(real).kid });
}

describe('authentication at the gateway', () => {
  it('refuses a request without a token', async () => {
    const result = await call('GET', '/api/db/users/getAll');
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ message: 'Unauthorized' });
  });

  it('refuses a malformed token', async () => {
    expect((await call('GET', '/api/db/users/getAll', { token: 'not.a.jwt' })).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await forged({ exp: Math.floor(Date.now() / 1000) - 60 });
    expect((await call('GET', '/api/health', { token })).status).toBe(401);
  });

  it('refuses a token for another app client', async () => {
    const token = await forged({ aud: 'some-other-client', exp: Math.floor(Date.now() / 1000) + 600 });
    expect((await call('GET', '/api/health', { token })).status).toBe(401);
  });

  it('refuses a token from another issuer', async () => {
    const token = await forged({
      iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_other',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    expect((await call('GET', '/api/health', { token })).status).toBe(401);
  });

  it('refuses a token with a bad signature', async () => {
    const real = await tokenFor('ADMIN');
    const [h, , s] = real.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...decode(real), 'cognito:groups': ['ADMIN', 'PAYROLL'] })).toString('base64url')}.${s}`;
    expect((await call('GET', '/api/health', { token: tampered })).status).toBe(401);
  });

  it('accepts both the ID token and the access token', async () => {
    const { signIn, userFor } = await import('../support/stack');
    const tokens = await signIn(userFor('SALES').email);
    for (const token of [tokens.idToken, tokens.accessToken]) {
      const result = await call<{ ok: boolean; roles: string[] }>('GET', '/api/health', { token });
      expect(result.status).toBe(200);
      expect(result.body.roles).toEqual(['SALES']);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const result = await call('GET', '/api/db/nothing/here', { token: await tokenFor('ADMIN') });
    expect(result.status).toBe(404);
    expect(stackInfo().apiUrl.endsWith('/api')).toBe(true);
  });
});
