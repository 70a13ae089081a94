/**
 * `npm run bench`: figures for the platform, written to bench/results.json.
 * - local stack start time (cold with seeding, then warm on kept data)
 * - users/getAll through the gateway at 16 concurrent connections (closed loop), beside the bare
 *   DynamoDB Local Query it needs, on a large user table
 * - each Lambda bundle's size from `cdk synth`
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createUser, db } from '@bo/functions/data';
import { spawn } from 'node:child_process';
import type { StackInfo } from '../../infra/local/src/stack';
import { fromRoot } from '../../infra/local/src/paths';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number) => Math.round(n * 100) / 100;

/** Closed-loop load: CONNECTIONS workers each repeat `once` for `seconds`; the same harness for the API and the bare call. */
async function measure(seconds: number, once: () => Promise<void>) {
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await once();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: round(latencies.length / seconds),
    p50: round(pct(latencies, 50)),
    p95: round(pct(latencies, 95)),
    p99: round(pct(latencies, 99)),
  };
}

function bundleSizes() {
  const out = mkdtempSync(join(tmpdir(), 'bo-bench-cdk-'));
  const started = performance.now();
  execFileSync('npx', ['cdk', 'synth', '--quiet', '--output', out], { cwd: fromRoot('.'), stdio: 'inherit' });
  const synthMs = Math.round(performance.now() - started);
  const sizes: Record<string, number> = {};
  // The code Lambda loads; source maps (uploaded too, read only on errors) are left out.
  const dirSize = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (sum, e) =>
        sum +
        (e.isDirectory() ? dirSize(join(dir, e.name)) : e.name.endsWith('.map') ? 0 : statSync(join(dir, e.name)).size),
      0,
    );
  for (const file of readdirSync(out).filter((f) => f.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(out, file), 'utf8')) as {
      Resources: Record<string, { Type: string; Metadata?: Record<string, string> }>;
    };
    for (const [id, resource] of Object.entries(template.Resources)) {
      const asset = resource.Metadata?.['aws:asset:path'];
      if (resource.Type === 'AWS::Lambda::Function' && asset)
        sizes[`${file.replace('.template.json', '')}/${id}`] = dirSize(join(out, asset));
    }
  }
  rmSync(out, { recursive: true, force: true });
  const values = Object.values(sizes);
  return {
    synthMs,
    count: values.length,
    totalKB: round(values.reduce((a, b) => a + b, 0) / 1024),
    maxKB: round(Math.max(0, ...values) / 1024),
    bytes: sizes,
  };
}

/** Starts the stack as `npm start` does, in its own process, and times it until `stack.json` is written. */
async function startStackProcess(dir: string) {
  rmSync(join(dir, 'stack.json'), { force: true });
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      fromRoot('node_modules/tsx/dist/cli.mjs'),
      fromRoot('infra/local/src/start.ts'),
      '--dir',
      dir,
      '--port',
      '0',
      '--any-ports',
      '--api-only',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  while (!existsSync(join(dir, 'stack.json'))) {
    if (child.exitCode !== null) throw new Error('the local stack exited during start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = Math.round(performance.now() - started);
  const info = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  return { ms, info, stop };
}

const dir = mkdtempSync(join(tmpdir(), 'bo-bench-'));
const cold = await startStackProcess(dir);
await cold.stop();
const stack = await startStackProcess(dir);
const coldMs = cold.ms;
const warmMs = stack.ms;
console.log(`stack start: cold ${coldMs} ms, warm ${warmMs} ms`);
Object.assign(process.env, {
  AWS_REGION: stack.info.region,
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_ENDPOINT_URL_DYNAMODB: stack.info.dynamodb.endpoint,
  TABLE_NAME: stack.info.dynamodb.tableName,
});

const system = { userId: 'bench', roles: ['ADMIN' as const], isAdmin: true };
for (let i = 0; i < USERS; i += 25)
  await Promise.all(
    Array.from({ length: Math.min(25, USERS - i) }, (_, j) =>
      createUser(
        {
          id: `bench-${i + j}`,
          username: `bench-${i + j}`,
          name: `Bench User ${i + j}`,
          email: `bench${i + j}@example.com`,
          role: ['SALES'],
        },
        system,
      ),
    ),
  );
console.log(`seeded ${USERS} user profiles`);

const admin = stack.info.users[0]!;
const auth = await new CognitoIdentityProviderClient({
  endpoint: stack.info.cognito.endpoint,
  region: stack.info.region,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
}).send(
  new InitiateAuthCommand({
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.info.cognito.clientId,
    AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
  }),
);
const token = auth.AuthenticationResult!.IdToken!;

const bare = await measure(SECONDS, async () => {
  await db().entities.user.query.all({}).go({ pages: 'all' });
});
console.log('bare DynamoDB Query (all users), ms:', bare);
let failures = 0;
const apiFigures = await measure(SECONDS, async () => {
  const response = await fetch(`${stack.info.apiUrl}/db/users/getAll`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  if (response.status !== 200) failures++;
});
console.log('GET /api/db/users/getAll, ms:', apiFigures, 'non-200:', failures);
await stack.stop();
rmSync(dir, { recursive: true, force: true });

const bundles = bundleSizes();
console.log(
  `bundles: ${bundles.count} functions, total ${bundles.totalKB} KB, largest ${bundles.maxKB} KB, synth ${bundles.synthMs} ms`,
);

const results = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: cpus().length, memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version },
  localStack: { coldStartMs: coldMs, warmStartMs: warmMs, budgetMs: 60_000 },
  usersGetAll: {
    users: USERS,
    connections: CONNECTIONS,
    seconds: SECONDS,
    api: { ...apiFigures, non200: failures },
    bareDynamoQuery: bare,
  },
  lambdaBundles: bundles,
};
mkdirSync(fromRoot('bench'), { recursive: true });
writeFileSync(fromRoot('bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('written to bench/results.json');
process.exit(0);
