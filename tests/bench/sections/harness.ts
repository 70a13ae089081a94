/**
 * What run.ts's sections share: the sizes from BENCH_* variables, latency summaries, the closed-loop load, pointing
 * this process at a stack, signing in.
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { resetClients } from '@bo/functions/data';
import { fromRoot } from '../../../infra/local/src/paths';
import type { StackInfo } from '../../../infra/local/src/stack';

export const USERS = Number(process.env.BENCH_USERS ?? 1000);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CATALOG = process.env.BENCH_CATALOG ?? '60x84';
export const PRICING = process.env.BENCH_PRICING ?? '300x500';
export const ORDERS = Number(process.env.BENCH_ORDERS ?? 30_000);
export const CONNECTIONS = 16;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
export const round = (n: number) => Math.round(n * 100) / 100;
export const summary = (latencies: number[], seconds?: number) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    ...(seconds ? { rps: round(sorted.length / seconds) } : {}),
    p50: round(pct(sorted, 50)),
    p95: round(pct(sorted, 95)),
    p99: round(pct(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
};

/** Closed-loop load: CONNECTIONS workers each repeat `once` for `seconds`; the same harness for the API and the bare calls. */
export async function measure(seconds: number, connections: number, once: () => Promise<void>) {
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await once();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return summary(latencies, seconds);
}

export function useStack(info: StackInfo) {
  Object.assign(process.env, {
    AWS_REGION: info.region,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ENDPOINT_URL_DYNAMODB: info.dynamodb.endpoint,
    TABLE_NAME: info.dynamodb.tableName,
    // As the local stack's handlers: DynamoDB Local on a busy machine can take seconds to answer.
    SDK_CONNECTION_TIMEOUT_MS: process.env.SDK_CONNECTION_TIMEOUT_MS ?? '10000',
    SDK_REQUEST_TIMEOUT_MS: process.env.SDK_REQUEST_TIMEOUT_MS ?? '60000',
  });
  resetClients();
}

export async function idToken(info: StackInfo, email: string, password: string) {
  const auth = await new CognitoIdentityProviderClient({
    endpoint: info.cognito.endpoint,
    region: info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: info.cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return auth.AuthenticationResult!.IdToken!;
}

export async function apiLoad(url: string, token: string, connections = CONNECTIONS) {
  let failures = 0;
  let bytes = 0;
  const figures = await measure(SECONDS, connections, async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) failures++;
  });
  return { ...figures, non200: failures, responseKB: round(bytes / 1024) };
}

let webBuild: { error?: string } | undefined;

/**
 * The production build the static stacks serve, made once per bench run (the sources do not change during one):
 * undefined when it built, else why not.
 */
export function buildWeb(): string | undefined {
  if (!webBuild)
    try {
      execFileSync('npm', ['run', 'build:web'], { cwd: fromRoot('.'), stdio: 'ignore' });
      webBuild = {};
    } catch (error) {
      webBuild = { error: error instanceof Error ? error.message : String(error) };
    }
  return webBuild.error;
}

/** The build, or the bench's error: for the sections that need the browser. */
export function requireWebBuild(): void {
  const error = buildWeb();
  if (error) throw new Error(`The web build failed: ${error}`);
}
