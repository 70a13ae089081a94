/**
 * What the caller-state check costs a request (issue 21, section 2), for `npm run bench`
 * (`BENCH_ONLY=access` runs it alone), on the demo stack's DynamoDB Local:
 * - two routes, `GET /api/health` (its own work: one GetItem) and `GET customers/getByID/{id}` (a Query of the
 *   customer's partition), each bundled twice as CDK bundles it (LAMBDA_BUNDLING): as deployed, and with
 *   functions/src/http/caller-state.ts replaced by caller-state-off.ts (no profile read: the API before the
 *   check);
 * - both bundles imported in this process and invoked one request at a time, the variants taking turns request
 *   by request (so a busy machine slows them alike): cold (CALLER_STATE_TTL=0 for the seeded ADMIN, so every
 *   request reads the profile: a user's first request on a container, or the first after the TTL), warm (a
 *   second ADMIN profile with the default 30 s: a Map lookup, and one read per 30 s) and without (the stub);
 * - the check's own cost is the median of the per-turn differences to "without" (`checkCostMs`), and the
 *   profile read's the median difference of cold to warm (`profileReadMs`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { createUser, listCustomerItems } from '@bo/functions/data';
import { esbuildOptionsOf } from '../../infra/test/lambda-bundles';
import { handlerEntry } from '../../infra/cdk/lib/paths';
import type { SectionOptions } from './section';

const SAMPLES = Number(process.env.BENCH_ACCESS_SAMPLES ?? 400);

type Handler = (event: unknown, context: unknown) => Promise<{ statusCode: number; body?: string }>;

/** Resolves the middleware's `./caller-state` import to the stub. */
const withoutCheck: Plugin = {
  name: 'caller-state-off',
  setup(b) {
    b.onResolve({ filter: /^\.\/caller-state$/ }, (args) =>
      args.importer.endsWith(join('http', 'api.ts'))
        ? { path: join(import.meta.dirname, 'caller-state-off.ts') }
        : undefined,
    );
  },
};

async function bundle(handler: string, dir: string, plugins: Plugin[]): Promise<Handler> {
  const outfile = join(dir, `${handler.replaceAll('/', '__')}-${plugins.length ? 'off' : 'on'}.mjs`);
  await build({ ...esbuildOptionsOf(), entryPoints: [handlerEntry(handler)], outfile, plugins });
  return ((await import(pathToFileURL(outfile).href)) as { handler: Handler }).handler;
}

const context = { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 15_000 };

export async function callerStateBench(options: SectionOptions) {
  const { summary } = options;
  const token = await options.signIn();
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  const customerId = (await listCustomerItems())[0]!.customerId;
  const admin = String(claims.sub);
  const warmAdmin = `bench-access-${Date.now()}`;
  await createUser(
    { id: warmAdmin, username: warmAdmin, name: 'Bench Warm', email: `${warmAdmin}@example.com`, role: ['ADMIN'] },
    { userId: 'bench', roles: ['ADMIN'], isAdmin: true },
  );
  const event = (sub: string, pathParameters?: Record<string, string>) => ({
    version: '2.0',
    routeKey: 'BENCH',
    rawPath: '/bench',
    rawQueryString: '',
    headers: {},
    ...(pathParameters ? { pathParameters } : {}),
    requestContext: {
      authorizer: { jwt: { claims: { sub, email: `${sub}@example.com`, 'cognito:groups': '[ADMIN]' }, scopes: [] } },
    },
    isBase64Encoded: false,
  });
  process.env.POWERTOOLS_LOG_LEVEL = 'WARN';
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-access-'));
  try {
    const routes = [
      { id: 'health', handler: 'health/get', params: undefined },
      { id: 'customers.getByID', handler: 'customers/getByID', params: { id: customerId } },
    ];
    const out: Record<string, unknown> = {};
    for (const route of routes) {
      const checked = await bundle(route.handler, dir, []);
      const unchecked = await bundle(route.handler, dir, [withoutCheck]);
      const call = (handler: Handler, sub: string) => async () => {
        const result = await handler(event(sub, route.params), context);
        if (result.statusCode !== 200) throw new Error(`${route.id}: ${result.statusCode} ${result.body}`);
      };
      const variants = {
        cold: { ttl: '0', run: call(checked, admin) },
        warm: { ttl: '30', run: call(checked, warmAdmin) },
        without: { ttl: '30', run: call(unchecked, admin) },
      };
      type Variant = keyof typeof variants;
      const samples = Object.fromEntries(Object.keys(variants).map((k) => [k, [] as number[]])) as Record<
        Variant,
        number[]
      >;
      // Warm-up: the first calls load the SDK's lazy parts and open connections.
      for (const v of Object.values(variants)) await v.run();
      for (let i = 0; i < SAMPLES; i++)
        for (const [name, v] of Object.entries(variants) as Array<[Variant, (typeof variants)['cold']]>) {
          process.env.CALLER_STATE_TTL = v.ttl;
          const started = performance.now();
          await v.run();
          samples[name].push(performance.now() - started);
        }
      const figures = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summary(v)])) as Record<
        Variant,
        Record<string, number>
      >;
      // Each turn ran every variant back to back: the median of the per-turn differences cancels the machine's drift.
      const pairedP50 = (k: Variant, base: Variant) => {
        const diffs = samples[k].map((ms, i) => ms - samples[base][i]!).sort((a, b) => a - b);
        return Math.round(diffs[Math.floor(diffs.length / 2)]! * 100) / 100;
      };
      const result = {
        ...figures,
        checkCostMs: { cold: pairedP50('cold', 'without'), warm: pairedP50('warm', 'without') },
        profileReadMs: pairedP50('cold', 'warm'),
      };
      console.log(`caller-state check, ${route.id} in process (ms)`, result);
      out[route.id] = result;
    }
    delete process.env.CALLER_STATE_TTL;
    return {
      callerStateCheck: {
        samplesPerVariant: SAMPLES,
        note: 'in process on DynamoDB Local, variants in turn request by request; cold = CALLER_STATE_TTL 0 (a GetItem every request), warm = cached, without = the check stubbed out',
        ...out,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
