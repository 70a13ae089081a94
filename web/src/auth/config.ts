/** What `/config.json` holds: served by the local gateway (cognito-local) or CloudFront (real Cognito). */
export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
  authFlowType: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  /** Origins besides the site's own that the Content-Security-Policy lets images load from (the images bucket). */
  imageOrigins: string[];
}

const isNonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const c = (raw ?? {}) as Record<string, unknown>;
  if (!isNonEmpty(c.region) || !isNonEmpty(c.userPoolId) || !isNonEmpty(c.userPoolClientId)) {
    throw new Error('config.json must name region, userPoolId and userPoolClientId');
  }
  return {
    region: c.region,
    userPoolId: c.userPoolId,
    userPoolClientId: c.userPoolClientId,
    ...(isNonEmpty(c.userPoolEndpoint) ? { userPoolEndpoint: c.userPoolEndpoint } : {}),
    authFlowType: c.authFlowType === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
    imageOrigins: Array.isArray(c.imageOrigins) ? c.imageOrigins.filter(isNonEmpty) : [],
  };
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not load /config.json (${response.status})`);
  return parseRuntimeConfig(await response.json());
}
