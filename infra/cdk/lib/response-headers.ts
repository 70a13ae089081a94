import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import {
  FILE_CONTENT_SECURITY_POLICY,
  FRAME_OPTION,
  HSTS_MAX_AGE_SECONDS,
  REFERRER_POLICY,
  siteContentSecurityPolicy,
  type SiteSources,
} from './security-headers';

const FRAME_OPTIONS: Record<typeof FRAME_OPTION, HeadersFrameOption> = { DENY: HeadersFrameOption.DENY };
const REFERRER_POLICIES: Record<typeof REFERRER_POLICY, HeadersReferrerPolicy> = {
  'same-origin': HeadersReferrerPolicy.SAME_ORIGIN,
};

/** A response-headers policy of our own carrying security-headers.ts's values; each overrides the origin's. */
function securityHeadersPolicy(scope: Construct, id: string, comment: string, contentSecurityPolicy: string) {
  return new ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: FRAME_OPTIONS[FRAME_OPTION], override: true },
      referrerPolicy: { referrerPolicy: REFERRER_POLICIES[REFERRER_POLICY], override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        override: true,
      },
    },
  });
}

/** The app's pages (the default behaviour, `/documents/*` links included): the strict site policy. */
export const siteHeadersPolicy = (scope: Construct, sources: SiteSources) =>
  securityHeadersPolicy(
    scope,
    'SiteHeaders',
    'Back office: strict CSP, nosniff, DENY, HSTS',
    siteContentSecurityPolicy(sources),
  );

/** `/images/*` and `/api/*`: never documents of the app, so a policy that runs and loads nothing. */
export const fileHeadersPolicy = (scope: Construct) =>
  securityHeadersPolicy(
    scope,
    'FileHeaders',
    'Back office files and API: sandboxed CSP, nosniff, DENY, HSTS',
    FILE_CONTENT_SECURITY_POLICY,
  );
