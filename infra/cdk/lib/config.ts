import { isAbsolute, resolve } from 'node:path';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { DEFAULT_WEB_DIST, REPO_ROOT } from './paths';

/**
 * Everything the app reads from CDK context (`cdk.json`, or `-c key=value` on the command line).
 * Nothing here looks anything up in an AWS account: the stacks are environment-agnostic.
 */
export interface Settings {
  /** Prefix of every stack name, e.g. `backoffice` or `backoffice-staging`. */
  readonly prefix: string;
  /** EventBridge schedule of the pricing refresh: `cron(...)` or `rate(...)`. */
  readonly pricingSchedule: string;
  /** POWERTOOLS_LOG_LEVEL of every function. */
  readonly logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** Retention of the functions' and the API's log groups. */
  readonly logRetention: RetentionDays;
  /** Upper bound of routes in one route stack (each route is ~7 CloudFormation resources). */
  readonly maxRoutesPerStack: number;
  /** Origins allowed to PUT/GET the buckets from a browser (S3 CORS). */
  readonly siteOrigins: readonly string[];
  /** The built SPA to upload, if it exists. */
  readonly webDistDir: string;
  /** Optional WAFv2 web ACL (us-east-1, CLOUDFRONT scope) for the distribution. */
  readonly webAclArn?: string;
  /** Who the alarm topic emails (`-c alarmEmail=ops@example.com`, comma-separated for several); none by default. */
  readonly alarmEmails: readonly string[];
}

export const DEFAULTS = {
  prefix: 'backoffice',
  /** Daily at 05:00 UTC. */
  pricingSchedule: 'cron(0 5 * * ? *)',
  logLevel: 'INFO',
  logRetentionDays: 30,
  maxRoutesPerStack: 40,
  /**
   * The distribution's own domain cannot be referenced from the data stack without a cycle
   * (data -> api -> web -> data), so by default any CloudFront domain may use CORS; pin the real
   * origin with `-c siteOrigins=https://dxxxx.cloudfront.net` once it is known. The presigned URL's
   * signature, not CORS, is what guards the buckets.
   */
  siteOrigins: ['https://*.cloudfront.net'],
} as const;

const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
/** Enough to catch a typo or a stray value; SNS sends a confirmation mail to the address anyway. */
const EMAIL = /^[^@\s,]+@[^@\s,]+\.[^@\s,]+$/;

const str = (node: Node, key: string): string | undefined => {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
};

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value).split(',')).map((v) => v.trim()).filter(Boolean);

export function readSettings(node: Node): Settings {
  const prefix = str(node, 'prefix') ?? DEFAULTS.prefix;
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(prefix))
    throw new Error(`Context "prefix" must be lower-case letters, digits and dashes (max 40): got "${prefix}"`);

  const pricingSchedule = str(node, 'pricingSchedule') ?? DEFAULTS.pricingSchedule;
  if (!/^(cron|rate)\(.+\)$/.test(pricingSchedule))
    throw new Error(`Context "pricingSchedule" must be a cron(...) or rate(...) expression: got "${pricingSchedule}"`);

  const logLevel = (str(node, 'logLevel') ?? DEFAULTS.logLevel).toUpperCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    throw new Error(`Context "logLevel" must be one of ${LOG_LEVELS.join(', ')}: got "${logLevel}"`);

  const days = Number(str(node, 'logRetentionDays') ?? DEFAULTS.logRetentionDays);
  if (!(Object.values(RetentionDays) as unknown[]).includes(days))
    throw new Error(
      `Context "logRetentionDays" must be a CloudWatch retention (1, 3, 5, 7, 14, 30, 60, 90, ...): got ${days}`,
    );

  const maxRoutesPerStack = Number(str(node, 'maxRoutesPerStack') ?? DEFAULTS.maxRoutesPerStack);
  if (!Number.isInteger(maxRoutesPerStack) || maxRoutesPerStack < 1 || maxRoutesPerStack > 60)
    throw new Error(`Context "maxRoutesPerStack" must be an integer from 1 to 60: got ${maxRoutesPerStack}`);

  const origins = node.tryGetContext('siteOrigins');
  const siteOrigins = origins === undefined || origins === '' ? [...DEFAULTS.siteOrigins] : list(origins);

  const alarmEmails = list(node.tryGetContext('alarmEmail') ?? '');
  const badEmail = alarmEmails.find((email) => !EMAIL.test(email));
  if (badEmail) throw new Error(`Context "alarmEmail" must be email addresses, comma-separated: got "${badEmail}"`);

  const dist = str(node, 'webDist');
  const webDistDir = dist ? (isAbsolute(dist) ? dist : resolve(REPO_ROOT, dist)) : DEFAULT_WEB_DIST;

  return {
    prefix,
    pricingSchedule,
    logLevel: logLevel as Settings['logLevel'],
    logRetention: days as RetentionDays,
    maxRoutesPerStack,
    siteOrigins,
    webDistDir,
    webAclArn: str(node, 'webAclArn'),
    alarmEmails,
  };
}
