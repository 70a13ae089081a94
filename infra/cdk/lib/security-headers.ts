/**
 * The security headers the site is served with, defined once: the CloudFront response-headers policies
 * (stacks/web-stack.ts) and the local gateway (local/src/gateway.ts) both read them, so the two cannot
 * drift. Plain values only (no CDK imports): the local gateway loads this file too.
 */

/** Origins the web app reaches besides its own. */
export interface SiteSources {
  /** fetch/XHR targets: the Cognito endpoint and the buckets' presigned PUT/GET origins. */
  readonly connect: readonly string[];
  /** Image origins besides the site and `data:` URIs (the images bucket). */
  readonly images: readonly string[];
}

const sourceList = (base: string, extra: readonly string[]) => [base, ...extra].join(' ');

/**
 * The app's policy. The built web app has no inline script or style (Vite emits files; Cloudscape sets
 * style through the DOM, which CSP does not govern), so both come from the site only. Cloudscape's CSS
 * inlines its fonts and icons as `data:` URIs.
 */
export const siteContentSecurityPolicy = (sources: SiteSources): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${sourceList("'self' data:", sources.images)}`,
    "font-src 'self' data:",
    `connect-src ${sourceList("'self'", sources.connect)}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

/**
 * What Vite's dev server adds (`npm start` without a build): its React Refresh preamble is an inline
 * script, CSS arrives as `<style>` elements, and HMR talks over a WebSocket. Never used by CloudFront or
 * by the built app the tests serve.
 */
export const viteDevContentSecurityPolicy = (sources: SiteSources): string =>
  siteContentSecurityPolicy({ ...sources, connect: [...sources.connect, 'ws:'] })
    .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");

/**
 * Files and API answers (`/images/*`, `/api/*`) are never documents of the app: opened directly, they run
 * nothing (`sandbox` gives them an opaque origin without script) and load nothing.
 */
export const FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const REFERRER_POLICY = 'same-origin';
export const FRAME_OPTION = 'DENY';
/** HSTS, sent by CloudFront only (browsers ignore it over the local gateway's plain HTTP). */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

/** The headers every response carries, as the local gateway sets them (CloudFront sets the same via its policies). */
export const securityHeaders = (contentSecurityPolicy: string): Readonly<Record<string, string>> => ({
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER_POLICY,
  'x-frame-options': FRAME_OPTION,
});
