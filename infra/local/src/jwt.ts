import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

/**
 * Verifies Cognito ID and access tokens the way API Gateway's JWT authorizer does: signature
 * against the pool's JWKS, expiry, issuer, and the app client as `aud` (ID token) or `client_id` (access token).
 * cognito-local's pool ids (`local_…`) are refused by CognitoJwtVerifier, hence the generic verifier.
 */
export function createTokenVerifier(issuer: string, clientId: string) {
  const verifier = JwtVerifier.create(
    {
      issuer,
      audience: null,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) => {
        const audience = payload.aud ?? payload.client_id;
        if (audience !== clientId) throw new Error('Token was issued for another client');
        if (payload.token_use !== 'id' && payload.token_use !== 'access') throw new Error('Not an ID or access token');
      },
    },
    {
      jwksCache: new SimpleJwksCache({
        fetcher: { fetch: async (uri: string) => (await fetch(uri)).arrayBuffer() },
      }),
    },
  );
  return (token: string): Promise<JwtPayload> => verifier.verify(token);
}

/** API Gateway hands claims to the Lambda as strings, arrays flattened to `[a b]`. */
export const flattenClaims = (payload: JwtPayload): Record<string, string> =>
  Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [
      k,
      Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'string' ? v : JSON.stringify(v),
    ]),
  );
